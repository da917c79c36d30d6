// The guided first hand (#tutorial=VARIANT): a recorded hand replayed as a lesson for
// the declarer's seat (alsos.learn.tutorial).  The server sends every step with its
// words in the page's language; the page pauses wherever an idea is new or the
// learner is to move, and goes on only with the lesson's own move.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.hash.slice(1));
  const variant = params.get("tutorial");
  if (!variant) return;  // the lobby, a seat's page or a puzzle board
  const tr = (message, values) => window.Alsos.tr(message, values);
  let cards = {};
  let names = {};
  let data = null;
  let at = 0;               // the step in play
  let after = false;        // whether its action has been taken (its after-ideas next)
  let pauses = 0;           // the pauses shown so far (the page's data-pauses)

  const el = (tag, text, attrs) => window.Alsos.el(tag, text, attrs);
  const cardNode = (code) => window.Alsos.picture(code, cards, names);
  function showStory(lines) {
    const box = $("lesson-story");
    box.replaceChildren(...lines.map((line) => el("div", line, { class: line.startsWith("--") ? "head" : "line" })));
    box.scrollTop = box.scrollHeight;
  }
  function pause(ideas, story, hand) {
    if (story) showStory(story);
    if (hand) $("lesson-hand").replaceChildren(...hand.map(cardNode));
    $("lesson-ideas").replaceChildren(...ideas.map((text) => el("li", text)));
    $("lesson-help").replaceChildren();
    $("lesson-choices").replaceChildren();
    $("lesson-wrong").textContent = "";
    document.body.dataset.step = String(at);
    document.body.dataset.pauses = String(++pauses);
  }
  function goOn() {
    $("lesson-next").hidden = false;
    $("lesson-next").focus();
  }

  // Show the next pause: a step's new ideas or the learner's move, then the ideas its
  // action brings; steps with nothing new go by.
  function run() {
    for (; at < data.steps.length; at += 1, after = false) {
      const s = data.steps[at];
      if (!after && ((s.before || []).length || s.asks || s.wait)) {
        pause(s.before || [], s.story, s.hand);
        if (s.asks) ask(s); else goOn();
        return;
      }
      after = true;
      if ((s.after || []).length) {
        pause(s.after, s.story, null);
        after = false;
        at += 1;
        goOn();
        return;
      }
    }
    finish();
  }
  function ask(s) {
    $("lesson-next").hidden = true;
    $("lesson-help").replaceChildren(...s.help.map((line) => el("li", line)));
    for (const action of s.legal) {
      const b = el("button", action, { type: "button", "data-action": action });
      b.addEventListener("click", () => {
        if (action !== s.move) {
          $("lesson-wrong").textContent = tr("{typed} is not this lesson's move: choose {action}.", { typed: action, action: s.move });
          return;
        }
        after = true;
        run();
      });
      $("lesson-choices").append(b);
    }
    const first = $("lesson-choices").querySelector(`button[data-action="${CSS.escape(s.move)}"]`);
    if (first) first.focus();
  }
  function finish() {
    pause([tr("That was the whole hand. Now make a table and play one of your own.")], data.story, null);
    $("lesson-next").hidden = true;
    const back = el("a", tr("Make a table"), { href: location.pathname, id: "lesson-done" });
    $("lesson-choices").append(back);
    document.body.dataset.step = "end";
  }
  $("lesson-next").addEventListener("click", () => {
    const s = data.steps[at];
    if (s && !after && !s.asks) after = true;  // the step's ideas read: its action goes on
    run();
  });

  async function start() {
    await window.Alsos.ready;  // the page's words
    $("lesson").hidden = false;
    const lang = encodeURIComponent(window.Alsos.lang());
    $("lesson-status").textContent = tr("Loading the guided hand...");
    try {
      const [c, n, r] = await Promise.all([
        fetch("api/cards"),
        fetch(`api/card-names?lang=${lang}`),
        fetch(`api/tutorial?variant=${encodeURIComponent(variant)}&lang=${lang}`),
      ]);
      cards = await c.json();
      names = await n.json();
      data = await r.json();
      if (!r.ok) { $("lesson-status").textContent = data.error || tr("The guided hand could not be loaded: try again."); return; }
    } catch (e) {
      $("lesson-status").textContent = tr("The guided hand could not be loaded: try again.");
      return;
    }
    $("lesson-status").textContent = "";
    $("lesson-intro").replaceChildren(...data.intro.map((line) => el("p", line)),
      el("p", tr("At your turn, click the move the lesson asks for.")));
    run();
  }
  start();
})();
