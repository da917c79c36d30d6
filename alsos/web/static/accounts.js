// Accounts: the header's "Sign in" or the name signed in, the sign-in form (#account),
// a player's page (#player=NAME) and the leaderboard (#leaderboard=VARIANT).  The
// server keeps the session in an HttpOnly cookie; this script only ever sees the
// session's CSRF token (window.Alsos.me), which send() adds to every change.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const { el, tr, ready, me, send, lang } = window.Alsos;
  const p = new URLSearchParams(location.hash.slice(1));

  // what a refusal means to a person, in the page's words (the server's own message,
  // in English, is for programs)
  const SAID = {
    400: "A name has 3 to 24 letters, digits and _ - . ; a password 8 characters or more.",
    401: "Wrong name or password.",
    403: "This page is out of date: reload it and try again.",
    409: "That name is taken: choose another.",
    429: "Too many tries: wait a few minutes and try again.",
  };
  // the bot levels by name (the leaderboard's entrants ``bot:LEVEL``)
  const KINDS = { easy: "Easy bot", medium: "Medium bot", hard: "Hard bot", expert: "Expert bot" };
  function refusal(status) {
    return tr(SAID[status] || "The server could not do it just now: try again.");
  }

  async function header() {
    const { name } = await me;
    $("account-link").hidden = Boolean(name);
    $("signed-in").hidden = !name;
    if (name) {
      $("me-link").textContent = tr("Signed in as {name}", { name });
      $("me-link").href = `#player=${encodeURIComponent(name)}`;
    }
  }
  // At a table, these open beside it: the table's page (and its seat's link, in the
  // address) stays where it is.
  const atTable = Boolean(p.get("t") && p.get("k"));
  if (atTable) {
    for (const id of ["leaderboard-link", "account-link", "me-link"]) {
      $(id).target = "_blank";
      $(id).rel = "noopener";
    }
  }
  $("sign-out").addEventListener("click", async () => {
    await send("api/session", "DELETE");
    if (!atTable) location.hash = "";
    location.reload();
  });

  async function account() {
    $("account").hidden = false;
    const { name } = await me;
    if (name) { location.hash = `player=${encodeURIComponent(name)}`; return; }
    async function go(path) {
      $("account-said").textContent = "";
      const body = { name: $("account-name").value, password: $("account-password").value };
      const r = await send(path, "POST", body);
      if (!r.ok) { $("account-said").textContent = refusal(r.status); return; }
      location.hash = `player=${encodeURIComponent((await r.json()).name)}`;
      location.reload();  // the new session's token for every later change
    }
    $("account-form").addEventListener("submit", (ev) => { ev.preventDefault(); go("api/session"); });
    $("register").addEventListener("click", () => {
      if ($("account-form").reportValidity()) go("api/accounts");
    });
  }

  function rating(r) {
    return tr("{mu} ± {spread}", { mu: r.mu.toFixed(1), spread: (2 * r.sigma).toFixed(1) });
  }
  function row(cells, head) {
    const tr_ = el("tr");
    for (const c of cells) tr_.append(el(head ? "th" : "td", c, head ? { scope: "col" } : {}));
    return tr_;
  }

  async function player(name) {
    $("player").hidden = false;
    const r = await fetch(`api/players/${encodeURIComponent(name)}`);
    if (!r.ok) { $("player-title").textContent = tr("No such player."); return; }
    const data = await r.json();
    $("player-title").textContent = data.name;
    const since = new Date(data.since * 1000).toLocaleDateString(lang());
    $("player-facts").textContent = tr("Playing since {date} · hands played: {n}", { date: since, n: data.hands })
      + (data.puzzles.tried ? " · " + tr("puzzles solved: {solved} of {tried}", data.puzzles) : "");
    const table = $("player-ratings");
    const variants = Object.keys(data.ratings);
    table.replaceChildren(row([tr("Variant"), tr("Rating"), tr("Rated hands")], true));
    for (const v of variants) table.append(row([v, rating(data.ratings[v]), data.ratings[v].hands]));
    if (!variants.length) table.append(row([tr("No rated hand yet."), "", ""]));
    if (data.played) {
      $("player-hands-box").hidden = false;
      $("player-hands").replaceChildren(...data.played.map((h) => {
        const li = el("li", tr("{variant}, table {table}, hand {hand}: {payment} stakes", {
          variant: h.variant || tr("own profile"), table: h.table, hand: h.hand,
          payment: h.payment > 0 ? `+${h.payment}` : h.payment,
        }) + (h.rated ? "" : " " + tr("(not rated)")) + " · ");
        li.append(el("a", tr("Open the hand viewer"), { href: h.viewer + `&lang=${lang()}`, target: "_blank", rel: "noopener" }));
        li.append(" · ");
        li.append(el("a", tr("Download the record"), { href: h.record }));
        return li;
      }));
    }
  }

  async function leaderboard(variant) {
    $("leaderboard").hidden = false;
    const choose = $("leaderboard-variant");
    const { variants } = await (await fetch(`api/variants?lang=${encodeURIComponent(lang())}`)).json();
    choose.replaceChildren(...variants.map((v) => el("option", `${v.id}: ${v.name}`, { value: v.id })));
    choose.value = variant;
    choose.addEventListener("change", () => { location.hash = `leaderboard=${choose.value}`; location.reload(); });
    const { rows } = await (await fetch(`api/leaderboard?variant=${encodeURIComponent(variant)}`)).json();
    const table = $("leaderboard-table");
    table.replaceChildren(row([tr("Place"), tr("Player"), tr("Rating"), tr("Rated hands")], true));
    rows.forEach((x, i) => {
      const who = x.bot ? (KINDS[x.name] ? tr(KINDS[x.name]) : x.name) : x.name;
      const line = row([i + 1, "", rating(x), x.hands]);
      const cell = line.children[1];
      if (x.bot) cell.textContent = who;
      else cell.append(el("a", who, { href: `#player=${encodeURIComponent(x.name)}` }));
      table.append(line);
    });
    $("leaderboard-empty").hidden = rows.length > 0;
  }

  window.addEventListener("hashchange", () => {
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.has("account") || q.get("player") !== null || q.get("leaderboard")) location.reload();
  });
  ready.then(() => {
    header();
    if (p.has("account")) account();
    else if (p.get("player")) player(p.get("player"));
    else if (p.get("leaderboard")) leaderboard(p.get("leaderboard"));
  });
})();
