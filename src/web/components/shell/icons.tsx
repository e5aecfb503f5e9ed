import type { ReactNode, SVGProps } from "react";

/**
 * Inline icons of the shell (24 px grid). Decorative by default: the control that holds an icon
 * carries the accessible name.
 */
type IconProps = SVGProps<SVGSVGElement>;

/** Icons of one look (`look`'s attributes): each one a shape, a component taking the svg's props. */
const icon = (look: SVGProps<SVGSVGElement>) => (shape: ReactNode) => (props: IconProps) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" {...look} {...props}>
    {shape}
  </svg>
);

/** Drawn in lines that follow the text colour. */
const stroked = icon({
  fill: "none",
  stroke: "currentColor",
  strokeWidth: "2",
  strokeLinecap: "round",
  strokeLinejoin: "round",
});

/** Brand marks of the social profiles, drawn filled. */
const filled = icon({ fill: "currentColor" });

export const HeartIcon = stroked(
  <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />,
);
export const UserIcon = stroked(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const SearchIcon = stroked(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const FilterIcon = stroked(<path d="M3 5h18M6 12h12M10 19h4" />);
export const MenuIcon = stroked(<path d="M3 6h18M3 12h18M3 18h18" />);
export const CloseIcon = stroked(<path d="M18 6 6 18M6 6l12 12" />);
export const MinusIcon = stroked(<path d="M5 18h14" />);
export const ChatIcon = stroked(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />);
export const ChevronDownIcon = stroked(<path d="m6 9 6 6 6-6" />);
export const PhoneIcon = stroked(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />,
);
export const MailIcon = stroked(
  <>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 6-10 7L2 6" />
  </>,
);
export const DownloadIcon = stroked(<path d="M12 3v12M7 10l5 5 5-5M4 21h16" />);
export const GavelIcon = stroked(
  <path d="m14 13-7.5 7.5a2.1 2.1 0 0 1-3-3L11 10M16 16l6-6M8 8l6-6M9 7l8 8M21 11l-8-8" />,
);
export const BellIcon = stroked(
  <>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
export const PencilIcon = stroked(
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </>,
);
export const CheckCircleIcon = stroked(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const AlertCircleIcon = stroked(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 7v6M12 17h.01" />
  </>,
);
export const InfoIcon = stroked(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 11v6M12 7h.01" />
  </>,
);
export const WarningIcon = stroked(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);

export const FacebookIcon = filled(
  <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z" />,
);
export const InstagramIcon = filled(
  <>
    <path d="M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM17 5.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2z" />
    <path d="M12 3c-2.4 0-2.7 0-3.7.1-3.3.1-5 1.9-5.2 5.2C3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 1.9 5 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.3-.1 5-1.9 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.3-1.9-5-5.2-5.2C14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 2.4-1.3 3.6-3.7 3.7-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.6-1.3-3.7-3.7-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-2.4 1.3-3.6 3.7-3.7.9-.1 1.2-.1 3.6-.1z" />
  </>,
);
export const LinkedInIcon = filled(
  <path d="M4.5 3.2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM3 8.8h3V21H3zM9 8.8h2.9v1.7c.4-.8 1.4-1.9 3.3-1.9 3.1 0 3.8 2 3.8 4.7V21h-3v-6.9c0-1.4-.1-3.1-2-3.1s-2.1 1.5-2.1 3V21H9z" />,
);
export const YouTubeIcon = filled(
  <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z" />,
);
