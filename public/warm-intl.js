// A browser's first use of Intl loads its ICU data: 30-80 ms on this project's test host, four to
// six times that on a phone, which the first screen's times and numbers would otherwise spend on
// the main thread, inside the app's first render. ICU keeps what it loaded for the whole renderer
// process, so index.html starts this file as a worker (from an inline script in its head), which
// does that work off the main thread while the app's larger script is still downloading.
try {
  new Intl.DateTimeFormat(undefined, { timeZone: "UTC", hour: "numeric" }).format(0);
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" }).format(0);
  (1234.5).toLocaleString();
} catch (_) {}
close();
