// Every Gwari widget starts here.  The view's code (gwari.js) and style are
// sent to the browser once, in one shared model named by the "gwari_code" trait;
// this loader imports that code the first time a page needs it and lets it
// draw.  A lesson shows a hundred widgets or more: each carrying its own copy
// of the code made a page several megabytes.  No network requests.

const CACHE = Symbol.for("gwari.code");

function modelId(ref) {
  return typeof ref === "string" ? ref.replace(/^IPY_MODEL_/, "") : "";
}

async function codeOf(model) {
  const ref = model.get("gwari_code");
  const shared = typeof ref === "string" ? await model.widget_manager.get_model(modelId(ref)) : ref;
  const esm = shared.get("esm");
  const css = shared.get("css");
  const cache = (globalThis[CACHE] ||= new Map());
  if (!cache.has(esm)) {
    const loading = (async () => {
      const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
      try {
        return await import(/* webpackIgnore: true */ url);
      } finally {
        URL.revokeObjectURL(url);
      }
    })();
    loading.catch(() => cache.delete(esm));
    cache.set(esm, loading);
  }
  const styles = [...document.head.querySelectorAll("style[data-gwari]")];
  if (!styles.some((s) => s.textContent === css)) {
    const style = document.createElement("style");
    style.dataset.gwari = "";
    style.textContent = css;
    document.head.append(style);
  }
  return cache.get(esm);
}

async function render(context) {
  const code = await codeOf(context.model);
  return code.default.render(context);
}

export default { render };
