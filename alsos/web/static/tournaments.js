// Duplicate tournaments: the list and the form that makes one (#tournaments), and a
// tournament's page (#tournament=ID): who entered, the seat of the person signed in in
// the round in play, the ranking, and each finished board's travelling score sheet
// with links to its hands.  The page asks again every few seconds while it runs.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const { el, tr, ready, me, send, lang } = window.Alsos;
  const p = new URLSearchParams(location.hash.slice(1));
  const KINDS = { easy: "Easy bot", medium: "Medium bot", hard: "Hard bot", expert: "Expert bot" };
  const STATES = { open: "open for entries", playing: "under way", over: "over" };
  const SAID = {
    401: "Sign in to make or enter a tournament.",
    403: "Only the tournament's owner starts it.",
    404: "No such tournament.",
    409: "The tournament has started: nothing changed.",
  };
  function refusal(status) {
    return tr(SAID[status] || "The server could not do it just now: try again.");
  }
  function row(cells, head) {
    const line = el("tr");
    for (const c of cells) {
      const cell = el(head ? "th" : "td", null, head ? { scope: "col" } : {});
      if (c instanceof Node) cell.append(c); else cell.textContent = String(c);
      line.append(cell);
    }
    return line;
  }
  function signed(n) { return n > 0 ? `+${n}` : String(n); }
  function points(x) { return x === null || x === undefined ? "–" : (x > 0 ? "+" : "") + x.toFixed(1); }

  // ------------------------------------------------------------ the list
  async function listing() {
    $("tournaments").hidden = false;
    const { name } = await me;
    $("tournament-form").hidden = !name;
    $("tournament-sign-in").hidden = Boolean(name);
    const { variants } = await (await fetch(`api/variants?lang=${encodeURIComponent(lang())}`)).json();
    $("tournament-variant").replaceChildren(...variants.map((v) => el("option", `${v.id}: ${v.name}`, { value: v.id })));
    if (variants.some((v) => v.id === "potter1930")) $("tournament-variant").value = "potter1930";  // the classic game first
    $("tournament-level").replaceChildren(...Object.keys(KINDS).map((k) => el("option", tr(KINDS[k]), { value: k })));
    $("tournament-level").value = "medium";
    const { tournaments } = await (await fetch("api/tournaments")).json();
    const table = $("tournament-list");
    table.replaceChildren(row([tr("Tournament"), tr("Variant"), tr("Rounds × boards"), tr("State")], true));
    for (const t of tournaments) {
      const a = el("a", t.title, { href: `#tournament=${t.id}` });
      table.append(row([a, t.variant, tr("{rounds} × {boards}", t), tr(STATES[t.state])]));
    }
    $("tournament-none").hidden = tournaments.length > 0;
  }
  $("tournament-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("tournament-said").textContent = "";
    const body = {
      title: $("tournament-title").value,
      variant: $("tournament-variant").value,
      rounds: Number($("tournament-rounds").value),
      boards: Number($("tournament-boards").value),
      level: $("tournament-level").value,
    };
    const r = await send(`api/tournaments?lang=${lang()}`, "POST", body);
    if (!r.ok) { $("tournament-said").textContent = (await r.json()).error || refusal(r.status); return; }
    location.hash = `tournament=${(await r.json()).tournament}`;
    location.reload();
  });

  // ------------------------------------------------------------ one tournament
  let shown = null;
  let timer = null;
  // the entrants' names: a person's account, a bot by its level and its number among
  // the tournament's bots (the name its tables give it too)
  function entrantName(data) {
    const names = {};
    let bots = 0;
    for (const e of data.entrants) {
      if (e.name) { names[e.number] = e.name; continue; }
      bots += 1;
      names[e.number] = tr("{bot} {n}", { bot: tr(KINDS[e.bot] || e.bot), n: bots });
    }
    return (n) => names[n] ?? `#${n + 1}`;
  }

  async function tournament(id) {
    $("tournament").hidden = false;
    const r = await fetch(`api/tournaments/${encodeURIComponent(id)}`);
    if (!r.ok) { $("tournament-name").textContent = tr("No such tournament."); return; }
    const data = await r.json();
    // ask again in a while until it is over (entrants waiting for the start too)
    clearTimeout(timer);
    if (data.state !== "over") timer = setTimeout(() => tournament(id), 4000);
    const text = JSON.stringify(data);
    if (text === shown) return;
    shown = text;
    const who = entrantName(data);
    $("tournament-name").textContent = data.title;
    $("tournament-facts").textContent = tr("{variant} · rounds: {rounds} · boards in a round: {boards} · bots: {level}", {
      variant: data.variant, rounds: data.rounds, boards: data.boards, level: tr(KINDS[data.level] || data.level),
    });
    $("tournament-state").textContent = data.state === "open"
      ? tr("Open for entries: {n} joined so far.", { n: data.joined.length })
      : data.state === "playing"
        ? tr("Round {round} of {rounds} is being played.", { round: data.seated, rounds: data.rounds })
        : tr("The tournament is over.");
    actions(data);
    // the entrants
    const list = data.state === "open" ? data.joined : data.entrants.map((e) => who(e.number));
    $("tournament-entrants").replaceChildren(...list.map((n) => el("li", n)));
    // the ranking
    const rank = $("tournament-ranking");
    rank.replaceChildren(row([tr("Place"), tr("Entrant"), tr("Matchpoints"), tr("Stake points"), tr("Boards")], true));
    for (const s of data.ranking) {
      const pct = s.percent === null ? "–" : `${s.percent.toFixed(1)}%`;
      rank.append(row([s.rank, who(s.entrant), `${pct} (${s.matchpoints}/${s.top})`, points(s.stake_points), s.boards]));
    }
    $("tournament-ranking-box").hidden = !data.ranking.length;
    // the rounds' tables
    $("tournament-rounds-list").replaceChildren(...data.rounds_seated.map((round) => {
      const li = el("li", tr("Round {round}", { round: round.round }) + ": ");
      li.append(round.tables.map((t) => tr("table {table}: {people} (boards played: {played} of {boards})", {
        table: t.table, people: t.entrants.map(who).join(", "), played: t.played, boards: data.boards,
      })).join("; "));
      return li;
    }));
    // the travelling score sheets
    $("tournament-travellers").replaceChildren(...data.travellers.map((b) => traveller(b, who)));
    $("tournament-travellers-none").hidden = data.travellers.length > 0;
  }

  function traveller(board, who) {
    const box = el("section", null, { class: "panel", "aria-labelledby": `board-${board.board}` });
    box.append(el("h4", tr("Board {board} (round {round})", board), { id: `board-${board.board}` }));
    const table = el("table");
    table.append(row([tr("Position"), tr("Table"), tr("Entrant"), tr("Stakes"), tr("Matchpoints"), tr("Stake points"), tr("Hand")], true));
    for (const x of board.results) {
      const a = el("a", tr("Open the hand viewer"), { href: `${x.viewer}&lang=${lang()}`, target: "_blank", rel: "noopener" });
      table.append(row([tr("Seat {n}", { n: x.position + 1 }), x.table, who(x.entrant), signed(x.payment), `${x.matchpoints}/${x.top}`, points(x.stake_points), a]));
    }
    const scroll = el("div", null, { class: "scroll", tabindex: "0", role: "region", "aria-labelledby": `board-${board.board}` });
    scroll.append(table);
    box.append(scroll);
    return box;
  }

  function actions(data) {
    const you = data.you;
    const box = $("tournament-actions");
    box.replaceChildren();
    $("tournament-seat").hidden = true;
    if (!you) {
      if (data.state === "open") box.append(el("a", tr("Sign in to make or enter a tournament."), { href: "#account" }));
      return;
    }
    function button(label, go) {
      const b = el("button", label, { type: "button" });
      b.addEventListener("click", async () => {
        b.disabled = true;
        const r = await go();
        if (!r.ok) { $("tournament-said").textContent = (await r.json()).error || refusal(r.status); b.disabled = false; return; }
        $("tournament-said").textContent = "";
        shown = null;
        tournament(data.id);
      });
      box.append(b, " ");
    }
    const path = `api/tournaments/${data.id}`;
    if (data.state === "open") {
      if (you.joined) button(tr("Leave the tournament"), () => send(`${path}/entrants?lang=${lang()}`, "DELETE"));
      else button(tr("Enter the tournament"), () => send(`${path}/entrants?lang=${lang()}`, "POST"));
      if (you.owner) button(tr("Start the tournament"), () => send(`${path}/start?lang=${lang()}`, "POST"));
      if (you.owner) {
        const cancel = el("button", tr("Cancel the tournament"), { type: "button" });
        cancel.addEventListener("click", async () => {
          const r = await send(`${path}?lang=${lang()}`, "DELETE");
          if (r.ok) location.hash = "tournaments";
          else $("tournament-said").textContent = (await r.json()).error || refusal(r.status);
        });
        box.append(cancel);
      }
    }
    if (you.seat) {
      $("tournament-seat").hidden = false;
      const go = $("tournament-seat-link");
      go.textContent = tr("Go to your table: round {round}, table {table}, seat {seat}", {
        round: you.seat.round, table: you.seat.table, seat: you.seat.seat + 1,
      });
      go.href = you.seat.link;
    }
  }

  window.addEventListener("hashchange", () => {
    const q = new URLSearchParams(location.hash.slice(1));
    // to a tournament, or from one to a seat's page (table.js plays it)
    if (q.has("tournaments") || q.get("tournament") || p.has("tournaments") || p.get("tournament")) location.reload();
  });
  ready.then(() => {
    if (p.has("tournaments")) listing();
    else if (p.get("tournament")) tournament(p.get("tournament"));
  });
})();
