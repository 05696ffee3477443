import webpush from "web-push";
import type { AppContext } from "../../context";
import { cachedSetting } from "./server-settings";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Made with web-push's generator and kept in the database when VAPID_* are not set (DESIGN 1). */
const storedKeys = cachedSetting(
  "vapid-keys",
  () => JSON.stringify(webpush.generateVAPIDKeys()),
  (value) => JSON.parse(value) as { publicKey: string; privateKey: string },
);

/** The server's VAPID identity: from the environment when set, else the pair kept in the database. */
export async function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  const subject = ctx.config.vapid.subject;
  if (ctx.config.vapid.publicKey && ctx.config.vapid.privateKey) {
    return { publicKey: ctx.config.vapid.publicKey, privateKey: ctx.config.vapid.privateKey, subject };
  }
  return { ...(await storedKeys(ctx.db)), subject };
}
