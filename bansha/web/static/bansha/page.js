// The pages' script (a file, not inline: the Content-Security-Policy allows no inline script).
// Every word it shows comes from the page itself: the JSON elements #clock-words and #page-words
// (bansha.texts), never from this file.
(function () {
var words = (function () {
  var el = document.getElementById("page-words");
  return el ? JSON.parse(el.textContent) : {};
})();

// Deadlines are shown in the game's zone with the zone named (R-ALL-10); when the browser's own
// zone shows another time, the viewer's time follows it.
window.banshaClock = function (root) {
  var el = document.getElementById("clock-words"), mine;
  if (!el || !window.Intl) return;
  try { mine = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  var w = JSON.parse(el.textContent);
  function fill(t, v) { return t.replace(/\{(\w+)\}/g, function (_, k) { return v[k]; }); }
  function parts(d, zone) {
    var out = {};
    new Intl.DateTimeFormat("en-US", {timeZone: zone, month: "numeric", day: "numeric",
      hour: "2-digit", minute: "2-digit", hourCycle: "h23"}).formatToParts(d)
      .forEach(function (p) { out[p.type] = p.value; });
    return fill(w.moment, {month: out.month, day: out.day, hour: out.hour, minute: out.minute});
  }
  function zoneName(d) {
    if (w.zones[mine]) return w.zones[mine];
    var n = new Intl.DateTimeFormat("zh-CN", {timeZone: mine, timeZoneName: "long"})
      .formatToParts(d).filter(function (p) { return p.type === "timeZoneName"; });
    return n.length ? n[0].value : mine;
  }
  (root || document).querySelectorAll("time.moment[data-zone]").forEach(function (t) {
    var next = t.nextElementSibling;
    if (next && next.classList.contains("viewer-time")) return;
    var d = new Date(t.getAttribute("datetime"));
    if (isNaN(d)) return;
    var here;
    try { here = parts(d, mine); } catch (e) { return; }
    if (here === parts(d, t.dataset.zone)) return;  // the same clock: nothing to add
    var span = document.createElement("span");
    span.className = "viewer-time";
    span.textContent = fill(w.viewer, {moment: fill(w.named, {moment: here, zone: zoneName(d)})});
    t.insertAdjacentElement("afterend", span);
  });
};
window.banshaClock(document);

// Live updates: the socket carries this viewer's own view; when it moves on, the page reloads
// its content, unless the viewer is typing or has filled in or chosen something not yet sent:
// then the page stays as it is (nothing typed is lost) and says there is more to see.
(function () {
  var el = document.getElementById("live");
  if (!el || !window.WebSocket) return;
  var seq = el.dataset.seq || "", pending = false;  // the version: a digest of this page's view
  var held = words.held;
  function unsent() {
    var a = document.activeElement;
    if (a && (a.tagName === "TEXTAREA" || (a.tagName === "INPUT" && a.type === "text"))) return true;
    var fields = document.querySelectorAll("main textarea, main input, main select");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.tagName === "SELECT") {
        var first = 0;  // a list with no option marked shows its first
        for (var j = 0; j < f.options.length; j++) {
          if (f.multiple) { if (f.options[j].selected !== f.options[j].defaultSelected) return true; }
          else if (f.options[j].defaultSelected) first = j;
        }
        if (!f.multiple && f.options.length && f.selectedIndex !== first) return true;
      } else if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked !== f.defaultChecked) return true;
      } else if (f.type !== "hidden" && f.value !== f.defaultValue) return true;
    }
    return false;
  }
  function hold() {
    pending = true;
    var note = document.getElementById("live-held");
    if (!note) {
      note = document.createElement("p");
      note.id = "live-held";
      note.className = "muted";
      note.setAttribute("role", "status");
      note.textContent = held;
      var live = document.getElementById("live");
      if (live) live.insertAdjacentElement("afterend", note);
    }
  }
  function refresh() {
    if (unsent()) { hold(); return; }
    fetch(location.href, {credentials: "same-origin"}).then(function (r) { return r.text(); }).then(function (html) {
      if (unsent()) { hold(); return; }  // typed while the page was on its way: keep it
      var doc = new DOMParser().parseFromString(html, "text/html");
      var fresh = doc.querySelector("main"), head = doc.querySelector("header");
      if (fresh) document.querySelector("main").innerHTML = fresh.innerHTML;
      if (head) document.querySelector("header").innerHTML = head.innerHTML;
      if (window.banshaClock) window.banshaClock(document);
      pending = false;
      document.dispatchEvent(new Event("bansha:refreshed"));
    });
  }
  function retry() { if (pending) setTimeout(refresh, 50); }
  document.addEventListener("focusout", retry);
  document.addEventListener("input", retry);  // a field emptied again: the page may move on
  document.addEventListener("change", retry);
  function connect() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + el.dataset.ws);
    var timer = null;
    ws.onmessage = function (m) {
      var data = JSON.parse(m.data);
      if (data.seq !== seq) {
        seq = data.seq;
        if (!timer) timer = setTimeout(function () { timer = null; refresh(); }, 300);  // coalesce bursts
      }
    };
    ws.onclose = function (e) {
      // 4404: this page is no longer yours (a substitute took the seat, the link was replaced)
      if (e.code === 4404) { location.reload(); return; }
      setTimeout(connect, 3000);
    };
  }
  connect();
})();

// Final acts ask first; the deadline shows the time left. Delegated, so a live refresh of the
// page's content keeps working.
(function () {
  document.addEventListener("submit", function (e) {
    var f = e.target;
    // the button's own question (判黄牌 beside 免罚 in one form), else the form's
    var b = e.submitter, ask = (b && b.dataset && b.dataset.confirm) || (f && f.dataset && f.dataset.confirm);
    if (ask && !window.confirm(ask)) e.preventDefault();
  });
    function tick() {
    var els = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < els.length; i++) {
      var left = Math.floor((Date.parse(els[i].dataset.deadline) - Date.now()) / 60000);
      var out = left < 0 ? words.up : left < 1 ? words.soon : left < 60 ? words.m.replace("{m}", left)
        : words.h.replace("{h}", Math.floor(left / 60)).replace("{m}", left % 60);
      var span = els[i].querySelector(".left");
      if (span) span.textContent = out;
    }
  }
  // 复制 / 复制全部: the text of the field a button names, to the clipboard
  document.addEventListener("click", function (e) {
    var b = e.target;
    if (!b || !b.classList || !b.classList.contains("copy")) return;
    var field = document.querySelector(b.dataset.copy);
    if (!field) return;
    field.select();
    var done = function () { b.dataset.label = b.dataset.label || b.textContent; b.textContent = words.copied; setTimeout(function () { b.textContent = b.dataset.label; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });
  // a link to a folded section (#links) opens it
  function unfold() {
    var el = location.hash && document.getElementById(location.hash.slice(1));
    if (el && el.tagName === "DETAILS") el.open = true;
  }
  unfold();
  window.addEventListener("hashchange", unfold);
  tick();
  setInterval(tick, 30000);
  document.addEventListener("bansha:refreshed", tick);
})();
})();
