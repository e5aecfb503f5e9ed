import { type ReactNode, useId } from "react";
import { useModalDialog } from "../lib/use-modal-dialog";

/**
 * A modal <dialog> under its heading, which names it: shown while `open` (useModalDialog), `onClose`
 * when it closes (Escape, or a button of a `<form method="dialog">` in it). `className` sets its width
 * and shadow; an `alert` is described by the element `describedBy` names.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  titleClassName = "text-lg font-bold",
  className,
  padding = "p-6",
  alert = false,
  describedBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  titleClassName?: string;
  className: string;
  padding?: string;
  alert?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      role={alert ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      className={`m-auto rounded-xl p-0 ${className}`}
    >
      <div className={padding}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
