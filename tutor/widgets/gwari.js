// One small view for every Gwari widget.  Python renders the HTML (text
// already escaped) and owns every rule; this file only shows it, keeps the
// keyboard focus across redraws, and sends what the learner did:
// {kind, value, inputs}.  No network requests, no imports.

function inputsOf(el) {
  const out = {};
  for (const input of el.querySelectorAll("[data-gw-input]")) {
    out[input.dataset.gwInput] = input.type === "checkbox" ? input.checked : input.value;
  }
  return out;
}

function render({ model, el }) {
  el.classList.add("gwari");
  let timer = null;

  const draw = () => {
    const active = document.activeElement;
    const key = active && el.contains(active) ? active.dataset.key : null;
    el.innerHTML = model.get("html");
    if (key) {
      const again = el.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again) again.focus();
    }
  };

  const send = (kind, value) => {
    model.send({ kind, value: value ?? null, inputs: inputsOf(el) });
  };

  const onClick = (event) => {
    const target = event.target.closest("[data-gw]");
    if (!target || !el.contains(target) || target.disabled) return;
    if (target.tagName === "INPUT" && target.type !== "button") return;
    event.preventDefault();
    send(target.dataset.gw, target.dataset.value);
  };

  const onChange = (event) => {
    const target = event.target;
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
    if (!group || !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const items = [...el.querySelectorAll(`[data-group="${CSS.escape(group)}"]`)];
    let i = items.indexOf(target);
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = Math.max(0, i - 1);
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") i = Math.min(items.length - 1, i + 1);
    else if (event.key === "Home") i = 0;
    else i = items.length - 1;
    event.preventDefault();
    items[i].focus();
  };

  const onPlaying = () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (model.get("playing")) {
      timer = setInterval(() => send("tick"), model.get("interval"));
    }
  };

  el.addEventListener("click", onClick);
  el.addEventListener("change", onChange);
  el.addEventListener("keydown", onKeydown);
  model.on("change:html", draw);
  model.on("change:playing", onPlaying);
  draw();
  onPlaying();

  return () => {
    if (timer) clearInterval(timer);
    el.removeEventListener("click", onClick);
    el.removeEventListener("change", onChange);
    el.removeEventListener("keydown", onKeydown);
    model.off("change:html", draw);
    model.off("change:playing", onPlaying);
  };
}

export default { render };
