import { EMAIL_TEST_TYPES } from "../../../core/constants";
import type { EmailTestType } from "../../../core/schemas/rewards";

/** The email test's types, each with what the message is and when members get it. */
export interface EmailTypeInfo {
  type: EmailTestType;
  label: string;
  usage: string;
}

const INFO: Record<EmailTestType, Omit<EmailTypeInfo, "type">> = {
  welcome: {
    label: "Welcome",
    usage: "Sent when a member registers: greets them and explains how to start counting steps.",
  },
  achievement: {
    label: "Achievement",
    usage: "Sent when a member unlocks badges, naming each badge and what it took.",
  },
  competition: {
    label: "Competition",
    usage: "Sent when a competition a member joined is about to start: when it starts and its prize pool.",
  },
  reminder: {
    label: "Reminder",
    usage: "A nudge to keep walking: today's steps so far against the daily step goal.",
  },
  winner: {
    label: "Winner",
    usage: "Sent after a competition is settled to each prize winner, with their place and prize.",
  },
};

export const EMAIL_TYPES: readonly EmailTypeInfo[] = EMAIL_TEST_TYPES.map((type) => ({
  type,
  ...INFO[type],
}));

/** "welcome" when it is one of the types; null for anything else (nothing chosen). */
export function emailTypeOf(value: string): EmailTestType | null {
  return (EMAIL_TEST_TYPES as readonly string[]).includes(value) ? (value as EmailTestType) : null;
}

/** "5 to 30 minutes": how long the DNS records take to verify. */
export function verificationWindow(range: { min: number; max: number }): string {
  return `${range.min} to ${range.max} minutes`;
}
