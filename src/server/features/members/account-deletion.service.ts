import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import type { AccountDeletion } from "../../../core/schemas/members";
import type { AppContext } from "../../context";
import { requireUser, type Viewer } from "../../http/viewer";
import { cheapestRedemptions } from "../rewards/rewards.service";
import * as repo from "./members.repo";

/** What deleting the account would take from the member, for the confirmation (issue 32). */
export async function accountDeletion(ctx: AppContext, viewer: Viewer): Promise<AccountDeletion> {
  const user = requireUser(viewer);
  const [held, cheapest] = await Promise.all([
    repo.heldForDeletion(ctx.db, user.id, ctx.clock.now()),
    cheapestRedemptions(ctx),
  ]);
  return {
    balance: formatMinor(held.usd),
    fitcoins: fitcoinsFromMinor(held.fc),
    points: held.points,
    cheapestRedemption: {
      fitcoins: cheapest.fitcoinsMinor === null ? null : fitcoinsFromMinor(cheapest.fitcoinsMinor),
      points: cheapest.points,
    },
    entries: held.entries.map((e) => ({
      kind: e.kind,
      id: e.id,
      name: e.name,
      paid: fitcoinsFromMinor(Number(e.paid)),
      underWay: e.under_way,
    })),
  };
}
