/** Recovery codes, shown once: the member writes them down or prints them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-800">
        Zapisz te kody w bezpiecznym miejscu. Każdy z nich zastępuje raz kod z telefonu, gdy nie masz go przy
        sobie. Nie pokażemy ich ponownie.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm"
        aria-label="Kody zapasowe"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
