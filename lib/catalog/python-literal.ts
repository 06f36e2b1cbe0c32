// Parses the GpuInfo cell of SkyPilot catalogs: a Python dict literal ('single quotes',
// None/True/False) or a JSON string. Small recursive-descent parser; never eval.
export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

export class LiteralError extends Error {
  override name = "LiteralError";
}

export function parseLiteral(text: string): Literal {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };
  const fail = (what: string): never => {
    throw new LiteralError(`${what} at position ${i}`);
  };
  const value = (): Literal => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      const out: Record<string, Literal> = {};
      ws();
      if (text[i] === "}") return (i++, out);
      for (;;) {
        const key = value();
        ws();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        out[typeof key === "string" ? key : JSON.stringify(key)] = value();
        ws();
        if (text[i] === ",") {
          i++;
          ws();
          if (text[i] === "}") return (i++, out);
          continue;
        }
        if (text[i] === "}") return (i++, out);
        fail("expected ',' or '}'");
      }
    }
    if (ch === "[" || ch === "(") {
      const close = ch === "[" ? "]" : ")";
      i++;
      const out: Literal[] = [];
      ws();
      if (text[i] === close) return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ",") {
          i++;
          ws();
          if (text[i] === close) return (i++, out);
          continue;
        }
        if (text[i] === close) return (i++, out);
        fail(`expected ',' or '${close}'`);
      }
    }
    if (ch === "'" || ch === '"') {
      i++;
      let s = "";
      while (i < text.length && text[i] !== ch) {
        if (text[i] === "\\") i++;
        s += text[i] ?? "";
        i++;
      }
      if (i >= text.length) fail("unterminated string");
      i++;
      return s;
    }
    const word = /^(?:None|null|True|true|False|false|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(text.slice(i));
    if (!word) return fail("unexpected character");
    i += word[0].length;
    if (word[0] === "None" || word[0] === "null") return null;
    if (word[0] === "True" || word[0] === "true") return true;
    if (word[0] === "False" || word[0] === "false") return false;
    return Number(word[0]);
  };
  const result = value();
  ws();
  if (i !== text.length) fail("trailing characters");
  return result;
}
