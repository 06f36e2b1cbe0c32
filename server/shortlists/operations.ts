// Shortlist operations by name: a team's list of candidate offers with notes, a status per
// offer and comments with votes. Members read (VIEWER+); EDITOR and OWNER change things. Every
// lookup by id goes through the owning team, so someone outside it gets NOT_FOUND. Server
// actions in app/shortlists/actions.ts are thin wrappers named after these keys; pages read
// through server/queries/shortlists.ts.
import "server-only";

import { addComment, deleteComment } from "./comments.ts";
import { addShortlistItems, removeShortlistItem, updateShortlistItem } from "./items.ts";
import {
  createShortlist,
  deleteShortlist,
  getShortlist,
  listShortlists,
  updateShortlist,
} from "./shortlists.ts";

export const shortlistOperations = {
  listShortlists,
  createShortlist,
  updateShortlist,
  deleteShortlist,
  getShortlist,
  addShortlistItems,
  updateShortlistItem,
  removeShortlistItem,
  addComment,
  deleteComment,
};
