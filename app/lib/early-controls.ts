/**
 * Controls that work before the page's scripts (ADR 013: they start after `load` and the first
 * paint, a second or more after the page is readable on a slow phone). Most controls need no
 * script at all: links, forms posting to the server, `<details>` (search, language picker, user
 * menu) and a `<dialog>` opened by its button's `command="show-modal"` (mobile menu). The few that
 * would otherwise post a whole form or do nothing are handled by {@link EARLY_CONTROLS_SCRIPT}, an
 * inline script in the document's head (no request, runs before the first paint), until React
 * takes the page over: entry.client.tsx sets {@link HYDRATING_ATTR} on `<html>` right before
 * `hydrateRoot`, from when on React handles every tap itself (a tap on a part not yet hydrated
 * makes React hydrate it at once and then run its handler).
 */

/** Attribute of `<html>` set when React starts hydrating: the early handlers stand down. */
export const HYDRATING_ATTR = 'data-hydrating';

/** A form whose `<select>`s apply at once: before the scripts, a change submits the form (GET). */
const EARLY_AUTOSUBMIT_ATTR = 'data-early-autosubmit';

/**
 * A form with steppers: `<button name="step" value="inc:ID">` / `"dec:ID"` change the number
 * field `#cb-q-ID` in place (0..its `max`) instead of posting the form, so a count made before
 * the scripts is in the form when React reads it after hydration (app/routes/custombox.tsx).
 * Its `<select data-early-filter="KEY">` hide the items (`[data-early-item]`) whose `data-KEY`
 * differs from the chosen value.
 */
const EARLY_STEPS_ATTR = 'data-early-steps';

/**
 * The inline script (plain ES5, no imports): until {@link HYDRATING_ATTR} is set,
 * - `button[command][commandfor]` opens / closes its `<dialog>` in a browser that does not
 *   implement invoker commands yet (Chromium ≥ 135, Firefox ≥ 144 and Safari ≥ 26.2 do it
 *   themselves);
 * - a change in a {@link EARLY_AUTOSUBMIT_ATTR} form submits it;
 * - the steppers and filters of a {@link EARLY_STEPS_ATTR} form work in place (a filter chosen while
 *   the list is still arriving is applied again to the whole list once the document is parsed);
 * - a `<details data-early-focus>` that opens focuses its first field (the navbar's search).
 * Its text never changes, so cached pages admit it by hash (ADR 010).
 */
export const EARLY_CONTROLS_SCRIPT = `(function () {
  var root = document.documentElement;
  function early() { return !root.hasAttribute('${HYDRATING_ATTR}'); }
  var invokers = 'commandForElement' in HTMLButtonElement.prototype;
  document.addEventListener('click', function (e) {
    if (!early() || !e.target || !e.target.closest) return;
    var b = e.target.closest('button');
    if (!b) return;
    if (!invokers && b.hasAttribute('commandfor')) {
      var d = document.getElementById(b.getAttribute('commandfor'));
      var c = b.getAttribute('command');
      if (d && d.showModal && c === 'show-modal' && !d.open) d.showModal();
      else if (d && d.close && c === 'close') d.close();
      return;
    }
    var form = b.form;
    if (b.name !== 'step' || !form || !form.hasAttribute('${EARLY_STEPS_ATTR}')) return;
    e.preventDefault();
    var id = b.value.slice(4);
    var q = document.getElementById('cb-q-' + id);
    if (!q) return;
    var max = Number(q.max) || 100;
    var n = Math.max(0, Math.min(max, (parseInt(q.value, 10) || 0) + (b.value.slice(0, 3) === 'inc' ? 1 : -1)));
    q.value = n === 0 ? '' : String(n);
    var dec = form.querySelector('button[name=step][value="dec:' + id + '"]');
    var inc = form.querySelector('button[name=step][value="inc:' + id + '"]');
    if (dec) dec.disabled = n === 0;
    if (inc) inc.disabled = n >= max;
  }, true);
  // a toggle event does not bubble: caught on its way down
  document.addEventListener('toggle', function (e) {
    var d = e.target;
    if (!early() || !d || d.tagName !== 'DETAILS' || !d.open || !d.hasAttribute('data-early-focus')) return;
    var field = d.querySelector('input:not([type=hidden])');
    if (field) field.focus();
  }, true);
  document.addEventListener('change', function (e) {
    var t = e.target;
    if (!early() || !t || !t.form) return;
    var form = t.form;
    if (form.hasAttribute('${EARLY_AUTOSUBMIT_ATTR}') && t.tagName === 'SELECT') {
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
      return;
    }
    if (!form.hasAttribute('${EARLY_STEPS_ATTR}') || !t.hasAttribute('data-early-filter')) return;
    filter(form);
    // on a slow line the list may still be arriving: the items after the choice get it too
    if (document.readyState === 'loading' && refilter.indexOf(form) < 0) refilter.push(form);
  });
  var refilter = [];
  document.addEventListener('DOMContentLoaded', function () {
    if (early()) refilter.forEach(filter);
  });
  function filter(form) {
    var filters = form.querySelectorAll('select[data-early-filter]');
    form.querySelectorAll('[data-early-item]').forEach(function (item) {
      var show = true;
      filters.forEach(function (f) { if (f.value && item.getAttribute('data-' + f.getAttribute('data-early-filter')) !== f.value) show = false; });
      item.hidden = !show;
    });
  }
})();`;
