// One small view for every Gwari widget.  Python renders the HTML (text
// already escaped) and owns every rule; this file only shows it, keeps the
// keyboard focus sensible across redraws, speaks what changed through one
// lasting live region, and sends what the learner did: {kind, value, inputs}.
// No network requests, no imports.

const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
// The learner's name, typed once, is remembered by this browser for every Gwari app.
const LEARNER = "gwari.learner";
// Where Python runs in the browser (no server), the class's records are kept here too.
const KEPT = "gwari.progress";
// The keys of this browser's seats at tables of classmates (by table code), so a reload gets the seat back.
const SEATS = "gwari.tables";

function remembered() {
  try { return window.localStorage.getItem(LEARNER) || ""; } catch (e) { return ""; }
}

function stored(key) {
  try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function store(key, text) {
  try { window.localStorage.setItem(key, text); } catch (e) { /* full or off: kept for this page only */ }
}

function remember(name) {
  try {
    if (name) window.localStorage.setItem(LEARNER, name);
    else window.localStorage.removeItem(LEARNER);
  } catch (e) { /* storage may be off: the name then lasts for this page */ }
}

function inputsOf(el) {
  const out = {};
  for (const input of el.querySelectorAll("[data-gw-input]")) {
    out[input.dataset.gwInput] = input.type === "checkbox" ? input.checked : input.value;
  }
  return out;
}

// Boxes a learner types in: what they typed and did not send yet outlives a redraw.
const TYPED = "input:not([type]), input[type=text], input[type=search], input[type=number], textarea";

function boxName(box) {
  return box.dataset.gwInput || box.dataset.key || "";
}

function usable(item) {
  return item && !item.disabled && item.getClientRects().length > 0;
}

// A group of buttons (a hand, a row of moves or answers) is one Tab stop; the
// arrow keys move inside it.  The stop is the pressed item, else the one Python
// marked, else the first that can be used.
function rove(view, focused) {
  const groups = new Map();
  for (const item of view.querySelectorAll("[data-group]")) {
    const name = item.dataset.group;
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(item);
  }
  for (const items of groups.values()) {
    const open = items.filter((i) => !i.disabled);
    const stop = open.find((i) => i === focused) || open.find((i) => i.getAttribute("aria-pressed") === "true")
      || open.find((i) => i.hasAttribute("data-gw-focus")) || open[0];
    for (const item of items) item.tabIndex = item === stop ? 0 : -1;
  }
}

// After a move the focus goes to the control it names (``data-gw-then``, such as the hand's card that was
// played); when that one is gone (the last card was played), to the nearest before it: "hand-5" gives "hand-4".
function nearest(view, key) {
  const m = key.match(/^(.*-)([0-9]+)$/);
  if (!m) return null;
  let best = null;
  for (const item of view.querySelectorAll(`[data-key^="${CSS.escape(m[1])}"]`)) {
    const n = item.dataset.key.slice(m[1].length);
    if (/^[0-9]+$/.test(n) && +n <= +m[2] && usable(item) && (!best || +n > +best.dataset.key.slice(m[1].length))) {
      best = item;
    }
  }
  return best;
}

function render({ model, el }) {
  el.classList.add("gwari");
  const view = document.createElement("div");
  const live = document.createElement("div");
  live.className = "gw-sr";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  el.append(view, live);
  let timer = null;
  let said = null;
  let pressed = { key: null, at: 0 };
  const sent = new Map();  // the text of each box as last sent by the learner
  let first = true;
  // Whether each log follows its newest line: false once the learner scrolls it up, true again at its end.  A
  // log that follows stays at its end when the page is resized (a narrower log wraps into more lines).
  const follow = new Map();
  const onScroll = (event) => {
    const box = event.target;
    if (!box.dataset || !box.dataset.gwScroll || !box.clientHeight) return;
    follow.set(box.dataset.gwScroll, box.scrollHeight - box.scrollTop - box.clientHeight < 4);
  };
  const settle = () => {
    for (const box of view.querySelectorAll("[data-gw-scroll]")) {
      if (follow.get(box.dataset.gwScroll) !== false) box.scrollTop = box.scrollHeight;
    }
  };
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(settle);
  if (resized) resized.observe(view);
  // Pages that show no language of their own (Voilà's) are in English, as every Gwari text is.
  if (!document.documentElement.lang) document.documentElement.lang = "en";

  const speak = () => {
    const source = view.querySelector("[data-gw-say]");
    const id = source ? source.dataset.gwSay : "";
    const first = said === null;
    if (id === said) return;
    said = id;
    if (first || !source) return;  // what the page shows at first is read with the page, not announced
    const text = source.textContent.trim();
    live.textContent = "";
    if (text) setTimeout(() => { live.textContent = text; }, 60);
    const shown = view.querySelector("[data-gw-reveal]");
    if (shown && shown.scrollIntoView) shown.scrollIntoView({ block: "nearest" });
  };

  const draw = () => {
    const active = document.activeElement;
    const had = active && view.contains(active);
    // A control may name where the focus goes after it is used (Ask: back to the box to type the next question).
    const key = had ? (active.dataset.gwThen || active.dataset.key) : null;
    const tops = new Map([...view.querySelectorAll("[data-gw-scroll]")].map((box) =>
      [box.dataset.gwScroll, box.scrollTop]));
    // A box the learner has typed in and not sent (a table's code, while the lobby's list changes) keeps the text
    // through the redraw, unless Python now gives that box another value.
    const typed = new Map();
    for (const box of view.querySelectorAll(TYPED)) {
      const name = boxName(box);
      if (name && box.value !== box.defaultValue && box.value !== sent.get(name)) {
        typed.set(name, [box.value, box.defaultValue, box.selectionStart, box.selectionEnd]);
      }
    }
    view.innerHTML = model.get("html");
    for (const box of view.querySelectorAll(TYPED)) {
      const kept = typed.get(boxName(box));
      if (!kept || box.defaultValue !== kept[1]) continue;
      box.value = kept[0];
      try { if (kept[2] !== null) box.setSelectionRange(kept[2], kept[3]); } catch (e) { /* a number box */ }
    }
    // Logs show their newest line: they scroll to the end unless the learner had scrolled up to read, and then
    // stay where the learner left them.
    for (const box of view.querySelectorAll("[data-gw-scroll]")) {
      const name = box.dataset.gwScroll;
      box.scrollTop = follow.get(name) === false && tops.has(name) ? tops.get(name) : box.scrollHeight;
    }
    let target = null;
    if (had) {
      const again = key ? view.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
      target = usable(again) ? again : null;
      if (!target && key) target = nearest(view, key);
      if (!target) {
        target = [...view.querySelectorAll("[data-gw-focus]")].find(usable)
          || [...view.querySelectorAll("button, input, select, [tabindex='-1'][data-gw-land]")].find(usable) || null;
      }
    }
    const arrive = first && view.querySelector("[data-gw-arrive]");
    if (arrive && !had) {
      // A widget shown because the learner asked for it (a game's step-through) opens where it is seen.
      if (arrive.scrollIntoView) arrive.scrollIntoView({ block: "start" });
      target = [...arrive.querySelectorAll("[data-gw-focus]")].find(usable) || null;
    }
    first = false;
    rove(view, target);
    if (target) target.focus({ preventScroll: !!(arrive || (key && target.dataset.key === key)) });
    speak();
  };

  // A page being left (a reload, say) sends nothing more: its clock stops, and its kernel's connection is closing
  // (Voilà shuts the kernel down as the page unloads).
  let leaving = false;
  const send = (kind, value) => {
    if (leaving) return;
    const inputs = inputsOf(view);
    // What the learner sent is theirs no more to keep: a box Python empties after an answer stays empty.
    if (kind !== "tick") for (const [name, text] of Object.entries(inputs)) sent.set(name, text);
    model.send({ kind, value: value ?? null, inputs });
  };

  // A press in the app holds its redraws until it is released (a second at most): a click whose button was
  // redrawn between press and release (by the clock's tick, a classmate's move) would be lost.
  let down = false;
  let owed = false;
  let downTimer = null;
  const release = () => {
    if (!down) return;
    down = false;
    clearTimeout(downTimer);
    if (owed) {
      owed = false;
      setTimeout(draw, 0);  // after the click this release makes
    }
  };
  const redraw = () => {
    if (down) owed = true;
    else draw();
  };
  const onPagehide = () => {
    leaving = true;
    if (timer) clearTimeout(timer);
  };

  // A button marked data-gw-press="down" acts as soon as it is pressed: a race
  // redraws several times a second, and a click whose button was redrawn between
  // press and release would be lost.
  const onPointerdown = (event) => {
    if (event.button === 0) {
      down = true;
      clearTimeout(downTimer);
      downTimer = setTimeout(release, 1000);
    }
    const target = event.target.closest("[data-gw-press=down]");
    if (!target || !view.contains(target) || target.disabled || event.button !== 0) return;
    pressed = { key: target.dataset.key, at: performance.now() };
    send(target.dataset.gw, target.dataset.value);
  };

  const onClick = (event) => {
    const target = event.target.closest("[data-gw]");
    if (!target || !view.contains(target) || target.disabled) return;
    if (target.tagName === "INPUT" && target.type !== "button") return;
    if (target.tagName === "SELECT") return;
    event.preventDefault();
    if (target.dataset.gwPress === "down" && event.detail > 0 && pressed.key === target.dataset.key
        && performance.now() - pressed.at < 1500) return;  // already sent when pressed
    send(target.dataset.gw, target.dataset.value);
  };

  const onChange = (event) => {
    const target = event.target;
    if (target.matches && target.matches("input[type=file][data-gw]")) {
      // A file chosen (records a learner saved): its text is sent, never the file's path.
      const file = target.files && target.files[0];
      if (file && file.size <= 5000000) file.text().then((text) => send(target.dataset.gw, text));
      else if (file) send(target.dataset.gw, "");
      return;
    }
    if (target.matches && target.matches("input[data-gw], select[data-gw]")) {
      send(target.dataset.gw, target.type === "checkbox" ? String(target.checked) : target.value);
    }
  };

  const onKeydown = (event) => {
    const target = event.target;
    if (event.key === "Enter" && target.matches && target.matches("input[data-gw-submit]")) {
      event.preventDefault();
      send(target.dataset.gwSubmit, target.value);
      return;
    }
    const group = target.dataset && target.dataset.group;
    if (!group || !ARROWS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = [...view.querySelectorAll(`[data-group="${CSS.escape(group)}"]`)].filter((i) => !i.disabled);
    if (!items.length) return;
    let i = items.indexOf(target);
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = Math.max(0, i - 1);
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") i = Math.min(items.length - 1, i + 1);
    else if (event.key === "Home") i = 0;
    else i = items.length - 1;
    event.preventDefault();
    rove(view, items[i]);
    items[i].focus();
  };

  const onFocusin = (event) => {
    if (event.target.dataset && event.target.dataset.group) rove(view, event.target);
  };

  // The clock ticks at its pace only once the last tick has been answered (drawn, or
  // Python's word that nothing changed): on a busy server ticks never queue up ahead
  // of the learner's press, so a press counts at the time the learner saw.  A tick
  // whose answer is lost is sent again after the fallback's wait.
  let awaiting = false;
  const schedule = (delay) => {
    if (timer) clearTimeout(timer);
    timer = model.get("playing") ? setTimeout(tick, delay) : null;
  };
  const tick = () => {
    awaiting = true;
    send("tick");
    schedule(Math.max(2000, 8 * model.get("interval")));
  };
  const onPlaying = () => {
    awaiting = false;
    schedule(Math.max(50, model.get("interval")));
  };
  const onLearner = () => {
    if (model.get("asks_learner")) remember(model.get("learner"));
  };
  const onKept = () => {
    if (model.get("keeps_in_browser") && model.get("kept")) store(KEPT, model.get("kept"));
  };
  const onSeats = () => {
    if (model.get("asks_seats") && model.get("table_seats")) store(SEATS, model.get("table_seats"));
  };
  const onDrawn = () => {
    if (!awaiting) return;
    awaiting = false;
    schedule(Math.max(50, model.get("interval")));
  };
  // Where Python answers every tick (a table of classmates), a tick that changed nothing is followed by the next
  // at the clock's pace, not only by the fallback's.
  const onCustom = (message) => {
    if (message && message.ticked) onDrawn();
  };

  view.addEventListener("pointerdown", onPointerdown);
  view.addEventListener("click", onClick);
  view.addEventListener("change", onChange);
  view.addEventListener("keydown", onKeydown);
  view.addEventListener("focusin", onFocusin);
  view.addEventListener("scroll", onScroll, true);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  model.on("change:html", redraw);
  model.on("change:html", onDrawn);
  model.on("msg:custom", onCustom);
  model.on("change:playing", onPlaying);
  model.on("change:interval", onPlaying);
  model.on("change:learner", onLearner);
  model.on("change:kept", onKept);
  model.on("change:table_seats", onSeats);
  window.addEventListener("beforeunload", onPagehide);
  window.addEventListener("pagehide", onPagehide);
  draw();
  onPlaying();
  if (model.get("keeps_in_browser") && stored(KEPT)) send("restore", stored(KEPT));
  if (model.get("asks_learner") && !model.get("learner") && remembered()) send("learner", remembered());
  if (model.get("asks_seats") && stored(SEATS)) send("seats", stored(SEATS));

  return () => {
    if (timer) clearTimeout(timer);
    view.removeEventListener("pointerdown", onPointerdown);
    view.removeEventListener("click", onClick);
    view.removeEventListener("change", onChange);
    view.removeEventListener("keydown", onKeydown);
    view.removeEventListener("focusin", onFocusin);
    view.removeEventListener("scroll", onScroll, true);
    if (resized) resized.disconnect();
    clearTimeout(downTimer);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    model.off("change:html", redraw);
    model.off("change:html", onDrawn);
    model.off("msg:custom", onCustom);
    model.off("change:playing", onPlaying);
    model.off("change:interval", onPlaying);
    model.off("change:learner", onLearner);
    model.off("change:kept", onKept);
    model.off("change:table_seats", onSeats);
    window.removeEventListener("beforeunload", onPagehide);
    window.removeEventListener("pagehide", onPagehide);
    view.remove();
    live.remove();
  };
}

export default { render };
