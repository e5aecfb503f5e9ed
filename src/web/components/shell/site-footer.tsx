import { Link } from "react-router";
import { COOKIE_POLICY_PATH, PRIVACY_POLICY_PATH } from "../../../domain/privacy";
import { openConsentSettings } from "../../features/consent/consent-store";
import {
  DownloadIcon,
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  PhoneIcon,
  YouTubeIcon,
} from "./icons";
import { LinkItems } from "./link-items";
import {
  bodyTypeLinks,
  documentLinks,
  infoLinks,
  type NavLink,
  offerLinks,
  socialLinks,
  telHref,
} from "./links";
import type { ShellContact } from "./shell";

const socialIcons = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
} as const;

function FooterColumn(props: { heading: string; links: readonly NavLink[]; className?: string }) {
  const { heading, links, className } = props;
  return (
    <div className={className}>
      <h2 className="text-sm font-bold tracking-wide text-white uppercase">{heading}</h2>
      <ul className="mt-3 space-y-2">
        <LinkItems links={links} className="text-slate-300 hover:text-white hover:underline" />
      </ul>
    </div>
  );
}

/** Footer (spec section 2): regulations downloads, FAQ, category links, contact, social profiles. */
export function SiteFooter({ contact, inert }: { contact: ShellContact; inert?: boolean }) {
  return (
    <footer className="bg-brand-900 text-slate-300" inert={inert}>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-5 lg:px-6">
        <FooterColumn heading="Oferta" links={offerLinks} className="col-span-2 sm:col-span-1" />
        <FooterColumn heading="Typ nadwozia" links={bodyTypeLinks} />
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Dokumenty</h2>
          <ul className="mt-3 space-y-2">
            {documentLinks.map((d) => (
              <li key={d.to}>
                <a
                  href={d.to}
                  download
                  className="flex items-center gap-2 text-slate-300 hover:text-white hover:underline"
                >
                  <DownloadIcon className="size-4 shrink-0" />
                  {d.label} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn heading="Informacje" links={infoLinks} className="col-span-2 sm:col-span-1" />
        <div className="col-span-2 sm:col-span-1">
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Kontakt</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={telHref(contact.phone)} className="flex items-center gap-2 text-white hover:underline">
                <PhoneIcon className="size-4 shrink-0" />
                {contact.phone}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${contact.email}`}
                className="flex items-center gap-2 text-white hover:underline"
              >
                <MailIcon className="size-4 shrink-0" />
                {contact.email}
              </a>
            </li>
            <li className="text-sm">{contact.hours}</li>
          </ul>
          <ul className="mt-5 flex gap-3" aria-label="Profile w mediach społecznościowych">
            {socialLinks.map((s) => {
              const Icon = socialIcons[s.network];
              return (
                <li key={s.network}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-5 text-sm text-slate-300 lg:px-6">
          <p>
            © {contact.year} {contact.companyName} Wszystkie prawa zastrzeżone.
          </p>
          <Link to={PRIVACY_POLICY_PATH} className="text-slate-300 underline hover:text-white">
            Polityka prywatności
          </Link>
          <Link to={COOKIE_POLICY_PATH} className="text-slate-300 underline hover:text-white">
            Polityka cookies
          </Link>
          <button
            type="button"
            className="text-slate-300 underline hover:text-white"
            onClick={openConsentSettings}
          >
            Ustawienia cookie
          </button>
        </div>
      </div>
    </footer>
  );
}
