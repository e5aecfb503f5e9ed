import { useId } from "react";
import { useModalDialog } from "../../lib/use-modal-dialog";

/**
 * A blocking message in a modal dialog, in place of the browser alerts the spec shows: the native
 * <dialog> traps focus and closes with Escape; focus returns to where it was.
 */
export function MessageDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const ref = useModalDialog(Boolean(message));
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-bold">
          Uwaga
        </h2>
        <p id={textId} className="mt-2 text-slate-700">
          {message}
        </p>
        <div className="mt-6 flex justify-end">
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: the dialog's only action takes the focus when it opens
            autoFocus
            onClick={() => ref.current?.close()}
            className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            OK
          </button>
        </div>
      </div>
    </dialog>
  );
}
