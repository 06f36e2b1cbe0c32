// For CLI scripts that call server modules outside Next.js (npm run bench:scale): the
// "server-only" guard throws unless the react-server condition is on, and turning that
// condition on for every package breaks client libraries the importer chain loads. This hook
// answers "server-only" alone with an empty module, as the tests' alias does (vitest.config.ts).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
  return next(specifier, context);
}`),
);
