// What the scenario builder loads after its form is on screen (engine.ts): the zod schemas
// that validate a document as the server will, the import parser, and the pricing function
// that shows an edit's totals at once. Only engine.ts imports this, with import().
export { parseScenarioImport, validateDocument } from "@/lib/scenarios/builder-validation.ts";
export { scenarioDocumentSchema } from "@/lib/scenarios/document.ts";
export { contextKey, priceWithContext } from "@/lib/scenarios/price.ts";
export { inlineOfferSchema } from "@/lib/tco/schema.ts";
