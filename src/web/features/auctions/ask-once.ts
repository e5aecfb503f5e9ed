import { useRef } from "react";

/** The question asked before an unusual amount is sent (bid-form.ts): thrown by the send, shown as its refusal. */
export class AskedFirst extends Error {}

/**
 * An unusually high amount is asked about once: the person sends it, reads the question, and sends the
 * same amount again. Only sends count: the field's checks while the person types never answer it.
 * Returns the step a form's send takes first.
 */
export function useAskOnce(): (amount: number, question: string | null) => void {
  const asked = useRef<number | null>(null);
  return (amount, question) => {
    if (question === null || asked.current === amount) {
      asked.current = null;
      return;
    }
    asked.current = amount;
    throw new AskedFirst(question);
  };
}
