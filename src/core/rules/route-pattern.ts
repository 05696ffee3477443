// Path patterns ("/groups/:id") as the access gate and the server's route preloads read them.

export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const have = normalizePath(path).split("/");
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i];
    if (part.startsWith(":")) {
      if (have[i] === "") return null;
      params[part.slice(1)] = decode(have[i]);
    } else if (part !== have[i]) {
      return null;
    }
  }
  return params;
}
