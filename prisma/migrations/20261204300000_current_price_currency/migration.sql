-- The matrix page (server/queries/matrix-page.ts) lists the currencies its prices are listed
-- in (to say what was converted and which currencies have no rate) by walking this index
-- instead of reading every current price.
CREATE INDEX "CurrentPrice_currency_idx" ON "CurrentPrice"("currency");
