// The new game's page (a file: the Content-Security-Policy allows no inline script).
// only the chosen rule set's options are shown (without JavaScript all of them are)
(function () {
  var select = document.getElementById("ruleset");
  function show() {
    var sets = document.querySelectorAll("fieldset.options");
    for (var i = 0; i < sets.length; i++) sets[i].hidden = sets[i].dataset.ruleset !== select.value;
  }
  select.addEventListener("change", show);
  show();
})();

// a start time not touched yet follows the chosen zone's present time
(function () {
  var box = document.getElementById("start-time");
  if (!box || !window.Intl) return;
  var zone = box.querySelector("select[name=timezone]"), day = box.querySelector("input[name=start_date]"),
      hour = box.querySelector("input[name=start_time]"), touched = false;
  day.addEventListener("input", function () { touched = true; });
  hour.addEventListener("input", function () { touched = true; });
  zone.addEventListener("change", function () {
    if (touched) return;
    var p = {};
    new Intl.DateTimeFormat("en-CA", {timeZone: zone.value, year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", hourCycle: "h23"}).formatToParts(new Date())
      .forEach(function (x) { p[x.type] = x.value; });
    day.value = p.year + "-" + p.month + "-" + p.day;
    hour.value = p.hour + ":" + p.minute;
  });
})();
