/** The connection error's words: the React screen (connection-error.tsx) and the entry's fallback. */
export const CONNECTION_ERROR_TEXT = {
  title: "Connection Error",
  description:
    "We can't reach the StepRace servers right now. Please check your internet connection and try again.",
  retry: "Retry",
} as const;
