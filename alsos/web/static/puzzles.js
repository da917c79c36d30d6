// The puzzle board: the puzzles of a finished hand (#puzzles=TABLE&hand=N), made by
// the server (alsos.learn: the decisions where the choice made was clearly not the
// best), or a shipped set for practice (#practice=VARIANT: alsos.learn.shipped).  Each position is shown as its seat saw it; the player chooses, then reads
// whether it was best, every choice's value and why.  The words come from the server
// in the page's language; which puzzles this browser solved or missed is kept in it
// (localStorage), never sent anywhere.  The player's puzzle rating (openskill, worked
// out by the server from the rating and the outcome sent, alsos.web.ratings) is kept
// here too, and the next puzzle is the one closest to it in strength.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.hash.slice(1));
  const table = params.get("puzzles");
  const practice = params.get("practice");
  if (!table && !practice) return;  // the lobby or a seat's page
  const tr = (message, values) => window.Alsos.tr(message, values);
  const KEPT = "alsos-puzzles";  // puzzle id -> "solved" | "missed", in this browser
  const RATING = "alsos-puzzle-rating";  // {mu, sigma}: the player's rating
  let cards = {};
  let names = {};
  let puzzles = [];
  let at = 0;
  let right = 0;
  let done = 0;
  let upNext = null;        // the puzzle to show after this one
  const seen = new Set();   // the puzzles shown

  const el = (tag, text, attrs) => window.Alsos.el(tag, text, attrs);
  const cardNode = (code) => window.Alsos.picture(code, cards, names);
  function kept() {
    try { return JSON.parse(localStorage.getItem(KEPT) || "{}"); } catch (e) { return {}; }
  }
  function keep(id, outcome) {
    const all = kept();
    all[id] = outcome;
    localStorage.setItem(KEPT, JSON.stringify(all));
  }
  function status(text) { $("board-status").textContent = text; }

  function show(i) {
    at = i;
    seen.add(i);
    const p = puzzles[i];
    $("puzzle").hidden = false;
    $("puzzle-answer").hidden = true;
    $("puzzle-title").textContent = tr("{theme} (difficulty {d} of 4)", { theme: p.theme, d: p.difficulty });
    $("puzzle-count").textContent = tr("Puzzle {n} of {total}", { n: seen.size, total: puzzles.length });
    const story = $("puzzle-story");
    story.replaceChildren(...p.lines.slice(1).map((line) => el("div", line, { class: line.startsWith("--") ? "head" : "line" })));
    story.scrollTop = story.scrollHeight;  // the latest of the hand, where the decision is
    $("puzzle-hand").replaceChildren(...p.hand.map(cardNode));
    const box = $("puzzle-choices");
    box.replaceChildren(box.firstElementChild);  // the legend stays
    for (const c of p.choices) {
      const b = el("button", c.action, { type: "button", "aria-label": c.label, "data-action": c.action });
      b.addEventListener("click", () => answer(c, b));
      box.append(b);
    }
    document.body.dataset.puzzle = p.id;
    status("");
  }

  function rating() {
    try {
      const r = JSON.parse(localStorage.getItem(RATING) || "null");
      return r && typeof r.mu === "number" && typeof r.sigma === "number" ? r : { mu: null, sigma: null };
    } catch (e) { return { mu: null, sigma: null }; }
  }
  function showRating() {
    const r = rating();
    $("puzzle-rating").textContent = r.mu === null ? "" : tr("Your puzzle rating: {mu} (±{sigma})", {
      mu: r.mu.toFixed(1), sigma: (2 * r.sigma).toFixed(1),
    });
  }
  // The outcome sent with the rating; the new rating kept, and the next puzzle chosen.
  async function rated(p, solved) {
    const left = puzzles.map((q, i) => i).filter((i) => !seen.has(i));
    upNext = left.length ? left[0] : null;
    try {
      const r = await window.Alsos.send("api/puzzles/rating", "POST",
        { ...rating(), id: p.id, difficulty: p.difficulty, solved, left: left.map((i) => puzzles[i].difficulty) });
      if (!r.ok) return;
      const got = await r.json();
      localStorage.setItem(RATING, JSON.stringify({ mu: got.mu, sigma: got.sigma }));
      if (got.next !== null && got.next !== undefined) upNext = left[got.next];
    } catch (e) { /* the rating stays as it was; the next puzzle is the next in order */ }
    showRating();
    document.body.dataset.rated = String(done);
  }

  function answer(choice, button) {
    const p = puzzles[at];
    for (const b of $("puzzle-choices").querySelectorAll("button")) {
      b.disabled = true;
      if (b.dataset.action === p.answer) b.classList.add("best");
    }
    if (choice.action !== p.answer) button.classList.add("chosen");
    const solved = choice.action === p.answer;
    done += 1;
    right += solved ? 1 : 0;
    keep(p.id, solved ? "solved" : "missed");
    $("puzzle-said").replaceChildren(...choice.said.map((line) => el("li", line)));
    $("puzzle-answer").hidden = false;
    const last = seen.size >= puzzles.length;
    $("puzzle-next").hidden = last;
    tally();
    rated(p, solved);
    if (last) status(practice ? tr("That was the last puzzle of the set.") : tr("That was the last puzzle of this hand."));
    ($("puzzle-next").hidden ? $("puzzle-said") : $("puzzle-next")).focus();
  }

  function tally() {
    const all = Object.values(kept());
    $("puzzle-tally").textContent = tr("Here: {right} of {done} right. In this browser: {solved} solved, {missed} missed.", {
      right, done,
      solved: all.filter((x) => x === "solved").length,
      missed: all.filter((x) => x === "missed").length,
    });
  }

  $("puzzle-next").addEventListener("click", () => { if (upNext !== null) show(upNext); });

  async function start() {
    await window.Alsos.ready;  // the page's words
    $("board").hidden = false;
    const lang = encodeURIComponent(window.Alsos.lang());
    const hand = params.get("hand");
    const which = hand && /^\d{1,6}$/.test(hand) ? `&hand=${hand}` : "";
    const url = practice
      ? `api/puzzles?variant=${encodeURIComponent(practice)}&lang=${lang}`
      : `api/tables/${encodeURIComponent(table)}/puzzles?lang=${lang}${which}`;
    if (practice) $("board-title").textContent = tr("Puzzles for practice");
    status(tr("Finding the puzzles of this hand: every decision is valued, which takes a little while..."));
    try {
      const [c, n, r] = await Promise.all([
        fetch("api/cards"),
        fetch(`api/card-names?lang=${lang}`),
        fetch(url),
      ]);
      cards = await c.json();
      names = await n.json();
      const got = await r.json();
      if (!r.ok) { status(got.error || tr("The puzzles could not be made: try again.")); return; }
      puzzles = got.puzzles || [];
    } catch (e) {
      status(tr("The puzzles could not be made: try again."));
      return;
    }
    if (!puzzles.length) { status(tr("No decision of this hand was clearly worse than the best: no puzzle.")); tally(); return; }
    // practice goes on from the first puzzle this browser has not answered yet
    const answered = kept();
    const first = practice ? Math.max(0, puzzles.findIndex((q) => !(q.id in answered))) : 0;
    show(first);
    tally();
    showRating();
  }
  start();
})();
