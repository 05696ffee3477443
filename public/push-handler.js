// Web Push in the service worker (imported by the generated sw.js through workbox importScripts):
// shows each push the server sends, and a tap opens the page it points at, in an open StepRace
// window when there is one.
self.addEventListener("push", (event) => {
  let message = { title: "StepRace", body: "", link: "/notifications", tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a JSON payload still tells the member something arrived.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { link: message.link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = event.notification.data?.link;
  // Only same-site paths are followed.
  const path = typeof link === "string" && link.startsWith("/") && !link.startsWith("//") ? link : "/notifications";
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((w) => (w ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
