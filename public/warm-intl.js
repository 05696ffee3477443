// A browser's first use of Intl loads its ICU data: tens of milliseconds on a phone, which the first
// screen's times and numbers would otherwise spend inside the app's first render. Loaded async from
// index.html, this runs while the app's larger script is still downloading and the main thread is idle.
try {
  new Intl.DateTimeFormat(undefined, { timeZone: "UTC", hour: "numeric" }).format(0);
  (1234.5).toLocaleString();
} catch (_) {}
