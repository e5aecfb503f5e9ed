/**
 * A start that fails because the data directory cannot be written (disk full, read-only, no
 * permission, a file where the directory should be) gets one Polish sentence naming DATA_DIR and what
 * to do, instead of a stack trace or PGlite's bare "errno: 51".
 */

// PGlite runs PostgreSQL in WebAssembly: its file system errors are Emscripten's ErrnoError with a WASI
// errno number and no Node code.
const WASI_ERRNO: Record<number, string> = {
  2: "EACCES",
  51: "ENOSPC",
  54: "ENOTDIR",
  63: "EPERM",
  69: "EROFS",
};

function errnoCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
    if (typeof code === "string" && code.startsWith("E")) return code;
    if (typeof errno === "number" && (name === "ErrnoError" || code === undefined) && WASI_ERRNO[errno]) {
      return WASI_ERRNO[errno];
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function dataDirProblem(err: unknown, dataDir: string): string | undefined {
  const where = `katalogu danych ${dataDir} (DATA_DIR)`;
  switch (errnoCode(err)) {
    case "ENOSPC":
    case "EDQUOT":
      return `Brak miejsca na dysku dla ${where}. Zwolnij miejsce albo ustaw DATA_DIR na inny dysk i uruchom serwer ponownie.`;
    case "EROFS":
      return `System plików ${where} jest tylko do odczytu. Ustaw DATA_DIR na katalog z prawem zapisu.`;
    case "EACCES":
    case "EPERM":
      return `Brak uprawnień do zapisu w ${where}. Nadaj je użytkownikowi serwera albo ustaw inny DATA_DIR.`;
    case "ENOTDIR":
    case "EEXIST":
      return `Ścieżka ${dataDir} (DATA_DIR) nie jest katalogiem: w jej miejscu jest plik. Usuń go albo ustaw inny DATA_DIR.`;
    default:
      return undefined;
  }
}
