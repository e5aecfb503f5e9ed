import { useId } from "react";
import { ModalDialog } from "../../components/modal-dialog";

/**
 * A blocking message in a modal dialog, in place of the browser alerts the spec shows: the native
 * <dialog> traps focus and closes with Escape or its button; focus returns to where it was.
 */
export function MessageDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const textId = useId();
  return (
    <ModalDialog
      open={Boolean(message)}
      onClose={onClose}
      title="Uwaga"
      alert
      describedBy={textId}
      className="w-[min(28rem,calc(100vw-2rem))] shadow-xl backdrop:bg-slate-900/50"
    >
      <p id={textId} className="mt-2 text-slate-700">
        {message}
      </p>
      <form method="dialog" className="mt-6 flex justify-end">
        <button
          type="submit"
          // biome-ignore lint/a11y/noAutofocus: the dialog's only action takes the focus when it opens
          autoFocus
          className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          OK
        </button>
      </form>
    </ModalDialog>
  );
}
