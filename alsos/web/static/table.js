// The web table's page: make a table, then play a seat over a WebSocket.
// The seat's secret token lives in the URL fragment (#t=TABLE&k=TOKEN), which the
// browser never sends to a server; it goes up only inside the first WebSocket message.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let cards = {};           // card code -> SVG picture (from /api/cards)
  let table = null;         // the welcome frame's table
  let me = null;            // our seat
  let ply = 0;              // actions taken, as the last state said
  let hand = 1;             // the number of the hand in play (a session plays several)
  let session = null;       // the session's summary: its score sheet and state
  let over = false;         // whether the hand in play is over
  let socket = null;
  let retry = 0;

  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function who(seat) {
    if (seat === me) return "you";
    const s = table && table.seats[seat];
    return s && s.kind !== "human" ? `seat ${seat} (${s.kind})` : `seat ${seat}`;
  }
  function cardNode(code, tag, label) {
    const node = el(tag || "span", null, { class: "card" });
    node.innerHTML = cards[code] || code;   // our own server's SVG, never a client's text
    if (label) node.setAttribute("aria-label", label);
    return node;
  }
  function fragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    return { t: p.get("t"), k: p.get("k") };
  }

  // ------------------------------------------------------------------ setup
  async function setup() {
    $("setup").hidden = false;
    $("table").hidden = true;
    const data = await (await fetch("api/variants")).json();
    const variant = $("variant"), players = $("players"), seats = $("seats");
    for (const v of data.variants) variant.append(el("option", `${v.id}: ${v.name}`, { value: v.id }));
    function counts() {
      const v = data.variants.find((x) => x.id === variant.value);
      players.replaceChildren(...v.counts.map((n) => {
        const o = el("option", n, { value: n });
        if (n === v.players) o.selected = true;
        return o;
      }));
      fill();
    }
    function fill() {
      const legend = seats.querySelector("legend");
      seats.replaceChildren(legend);
      for (let s = 0; s < Number(players.value); s++) {
        const sel = el("select", null, { name: `seat${s}`, id: `seat${s}` });
        for (const kind of data.seats) sel.append(el("option", kind, { value: kind }));
        sel.value = s === 0 ? "human" : "heuristic";
        const label = el("label", `Seat ${s} `, { for: `seat${s}` });
        label.append(sel);
        seats.append(label);
      }
    }
    if (data.variants.some((v) => v.id === "potter1930")) variant.value = "potter1930";
    variant.addEventListener("change", counts);
    players.addEventListener("change", fill);
    counts();
    $("new-table").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("setup-error").textContent = "";
      const body = {
        variant: variant.value,
        players: Number(players.value),
        seats: [...seats.querySelectorAll("select")].map((s) => s.value),
      };
      const file = $("profile").files[0];
      if (file) {
        if (file.size > 65536) { $("setup-error").textContent = "a profile is at most 64 KiB"; return; }
        body.profile = await file.text();
      }
      const r = await fetch("api/tables", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
      });
      const got = await r.json();
      if (!r.ok) { $("setup-error").textContent = got.error; return; }
      const list = $("link-list");
      list.replaceChildren();
      const seatsOf = Object.keys(got.tokens).map(Number).sort((a, b) => a - b);
      // bots only: no seat to open, but the table is made and plays: its spectators' link
      for (const s of seatsOf) {
        const url = `${location.origin}${location.pathname}#t=${got.table}&k=${got.tokens[s]}`;
        const li = el("li", `Seat ${s}: `);
        li.append(el("a", url, { href: url, "aria-label": `open seat ${s}` }));
        list.append(li);
      }
      const watch = `${location.origin}${location.pathname}#t=${got.table}&k=${got.spectator}`;
      const li = el("li", "Spectators: ");
      li.append(el("a", watch, { href: watch, "aria-label": "open the spectators' view" }));
      list.append(li);
      $("links").hidden = false;
      if (seatsOf.length === 1) location.hash = `t=${got.table}&k=${got.tokens[seatsOf[0]]}`;
    });
  }

  // ------------------------------------------------------------------ table
  function connect() {
    const { t, k } = fragment();
    $("setup").hidden = true;
    $("table").hidden = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const base = location.pathname.replace(/[^/]*$/, "");  // the app may be mounted below /
    socket = new WebSocket(`${scheme}://${location.host}${base}ws/${encodeURIComponent(t)}`);
    socket.onopen = () => { retry = 0; socket.send(JSON.stringify({ type: "hello", token: k })); };
    socket.onmessage = (m) => receive(JSON.parse(m.data));
    socket.onclose = (e) => {
      // 4429: a limit of the server's (too many connections); the reason says which
      $("status").textContent = e.code === 4429
        ? `the server refused the connection (${e.reason}): trying again...`
        : "connection lost: reconnecting...";
      retry = Math.min(retry + 1, 10);
      setTimeout(connect, 500 * retry);
    };
  }

  function receive(frame) {
    if (frame.type === "welcome") {
      table = frame.table; me = frame.seat;
      const role = me < 0 ? "spectator" : `seat ${me}`;
      $("where").textContent = `${table.name}: ${role}`;
      document.title = `Alsós: ${role}`;
      document.body.dataset.role = me < 0 ? "spectator" : "seat";
      const people = table.seats.filter((s) => s.kind === "human").length;
      $("assist").hidden = me < 0;
      $("undo").hidden = $("hint").hidden = people > 1;
      showSheet(table.session, table.hand);
    } else if (frame.type === "sheet") {
      showSheet(frame.session, frame.hand);
    } else if (frame.type === "state") {
      render(frame);
    } else if (frame.type === "refused" || frame.type === "error") {
      $("refused").textContent = frame.reason;
    } else if (frame.type === "hint") {
      $("refused").textContent = frame.text;
    } else if (frame.type === "record") {
      download(frame.text, frame.whole ? "alsos-hand.txt" : `alsos-seat${me}.txt`);
    }
  }

  function send(action) {
    $("refused").textContent = "";
    socket.send(JSON.stringify({ type: "act", action: action, ply: ply, hand: hand }));
  }

  function download(text, name) {
    const a = el("a", null, { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
    document.body.append(a); a.click(); a.remove();
  }

  function render(frame) {
    const v = frame.view;
    ply = frame.ply;
    document.body.dataset.ply = String(ply);
    const turn = v.to_act === null ? "the hand is over" :
      v.to_act === me ? "your turn" : `${who(v.to_act)} to act`;
    const by = v.declarer === null ? "" : ` (declarer ${who(v.declarer)})`;
    const contract = v.contract ? `; contract: ${v.contract}${by}` : "";
    $("status").textContent = `Phase: ${v.phase}; ${turn}${contract}.`;

    // the trick on the table, with who played each card
    $("trick").replaceChildren(...v.trick.map(([seat, code]) => {
      const box = el("figure", null, { class: "played" });
      box.append(cardNode(code, "span", `${who(seat)}: ${code}`));
      box.append(el("figcaption", who(seat)));
      return box;
    }));
    $("talon").replaceChildren(...v.talon_seen.map((c) => cardNode(c)));

    // the hand: playable cards are buttons, the rest dimmed
    const byCard = {};
    const others = [];
    for (const a of frame.actions) {
      if (a.card) byCard[a.card] = a; else others.push(a);
    }
    $("hand").replaceChildren(...v.hand.map((code) => {
      const a = byCard[code];
      const b = cardNode(code, "button", a ? a.label : `${code}, not playable now`);
      b.type = "button";
      if (a) b.addEventListener("click", () => send(a.action)); else b.disabled = true;
      return b;
    }));
    $("unseen").textContent = v.unseen_count ? `and ${v.unseen_count} cards not picked up yet` : "";

    // every other legal action, grouped by kind, each with its one-line explanation
    const box = $("actions");
    box.replaceChildren();
    const groups = {};
    for (const a of others) (groups[a.group] = groups[a.group] || []).push(a);
    for (const [group, list] of Object.entries(groups)) {
      const fs = el("fieldset");
      fs.append(el("legend", group));
      for (const a of list) {
        const b = el("button", a.action, { type: "button", "aria-label": a.label });
        if (a.help) b.title = a.help;
        b.addEventListener("click", () => send(a.action));
        fs.append(b);
        if (a.help) fs.append(el("span", a.help, { class: "help" }));
      }
      box.append(fs);
    }
    if (!frame.actions.length) box.append(el("p", v.to_act === null ? "The hand is over." : "Waiting for the others."));

    $("items").replaceChildren(...v.items.map((i) =>
      el("li", `${i.label} (${who(i.seat)}): ${i.value}${i.level ? `, kontra level ${i.level}` : ""}`)));
    $("tricks-won").textContent = "Tricks won: " +
      v.tricks_won.map((n, s) => `${who(s)} ${n}`).join(", ");
    $("history").replaceChildren(...v.history.map(([seat, text]) => el("li", `${who(seat)}: ${text}`)));

    const st = frame.settlement;
    over = Boolean(st);
    if (session) showSheet(session, hand); else showNext();
    $("settlement-box").hidden = !st;
    if (st) showSettlement(st);
    const viewer = $("viewer");
    viewer.hidden = !st;
    if (st) viewer.href = `api/tables/${encodeURIComponent(fragment().t)}/viewer`;
    const analysed = $("analysis");
    analysed.hidden = !st;
    if (st) analysed.href = `${viewer.href}?analysis=1`;
    if (frame.record) $("record-text").textContent = frame.record;
  }

  function showSettlement(st) {
    const out = $("settlement");
    out.replaceChildren(el("p", `Contract: ${st.contract}; declarer ${who(st.declarer)}.`));
    const t = el("table");
    const head = el("tr");
    for (const h of ["item", "announced by", "made", "value"]) head.append(el("th", h, { scope: "col" }));
    t.append(head);
    for (const e of st.entries || []) {
      const tr = el("tr");
      for (const x of [e.label, who(e.seat), e.made ? "yes" : "no", e.value]) tr.append(el("td", x));
      t.append(tr);
    }
    out.append(t);
    if (st.payments) {
      const pay = Array.isArray(st.payments) ? st.payments.map((p, s) => [s, p]) : Object.entries(st.payments);
      out.append(el("p", "Payments: " + pay.map(([s, p]) => `${who(Number(s))} ${p > 0 ? "+" : ""}${p}`).join(", ")));
    }
  }

  // the session: every finished hand's score per seat with the running totals,
  // what the session keeps (rubber, rádli, a number of deals), and its end
  function showSheet(s, number) {
    session = s; hand = number;
    document.body.dataset.hand = String(hand);
    const seats = s.scores.map((_, i) => i);
    const head = el("tr");
    for (const h of ["hand", "dealer", "contract"]) head.append(el("th", h, { scope: "col" }));
    for (const i of seats) head.append(el("th", who(i), { scope: "col" }));
    $("sheet").tHead.replaceChildren(head);
    $("sheet").tBodies[0].replaceChildren(...s.sheet.map((line) => {
      const tr = el("tr");
      tr.append(el("td", line.hand), el("td", who(line.dealer)),
        el("td", line.contract === null ? "" : `${line.contract}${line.declarer === null ? "" : ` (${who(line.declarer)})`}`));
      for (const i of seats) {
        const bonus = line.bonus[i] ? ` +${line.bonus[i]} bonus` : "";
        tr.append(el("td", `${signed(line.written[i])}${bonus} = ${line.totals[i]}`));
      }
      return tr;
    }));
    const parts = [];
    if (s.kind === "deals") parts.push(`${s.left} of ${s.deals} deals left`);
    else parts.push(`${s.kind === "radli" ? "Rádli" : "Rubber"} to ${s.target}, bonus ${s.prize}`);
    if (s.declared) parts.push("declared: " + s.declared.map((n, i) => `${who(i)} ${n}/${s.declare_limit}`).join(", "));
    if (s.over) {
      parts.push("the session is over" + (s.winner === null || s.winner === undefined ? "" : `: ${who(s.winner)} won`));
      parts.push("result: " + s.result.map((r, i) => `${who(i)} ${signed(r)}`).join(", "));
    } else {
      // the session passes the deal on as soon as a hand is over
      parts.push(`hand ${hand}; ${over ? "next dealer" : "dealer"} ${who(s.dealer)}`);
    }
    $("session-state").textContent = parts.join("; ") + ".";
    showNext();
  }
  function signed(n) { return `${n > 0 ? "+" : ""}${n}`; }
  function showNext() {
    const people = table ? table.seats.some((x) => x.seat === me && x.kind === "human") : false;
    $("next-hand").hidden = !(over && people && session && !session.over);
  }
  $("next-hand").addEventListener("click", () => {
    $("refused").textContent = "";
    socket.send(JSON.stringify({ type: "next", hand: hand }));
  });

  $("undo").addEventListener("click", () => socket.send(JSON.stringify({ type: "undo", ply: ply })));
  $("hint").addEventListener("click", () => { $("refused").textContent = "thinking..."; socket.send(JSON.stringify({ type: "hint" })); });
  $("record").addEventListener("click", () => socket.send(JSON.stringify({ type: "record" })));

  async function start() {
    cards = await (await fetch("api/cards")).json();
    if (fragment().t && fragment().k) connect(); else setup();
  }
  window.addEventListener("hashchange", () => location.reload());
  start();
})();
