// The display options a shortlist view accepts (the page passes the reader's choices).
import { z } from "zod";

import { LOCALES } from "../../i18n/locales.ts";
import { DISPLAY_CURRENCIES } from "../../lib/format/money.ts";

export const displayCurrencySchema = z.enum(DISPLAY_CURRENCIES).optional();
export const viewLocaleSchema = z.enum(LOCALES).optional();
