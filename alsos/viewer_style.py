"""The hand viewer's own style sheet and script, scoped to its block.

Every rule of the style sheet starts at ``.alsos-viewer`` and the script
finds its blocks by that class, so several viewers share a page
(:func:`alsos.viewer.fragment`) and nothing reaches outside them.  Kept
apart from :mod:`alsos.viewer`, which writes the HTML they style and drive.

The script's own words (what the link button says once it has copied the address)
are put in by :func:`script` in the page's language, as string literals.
"""

from __future__ import annotations

from alsos.language import ENGLISH, Language

__all__ = ["CSS", "JS", "script"]

#: The viewer's style sheet.
CSS = (
    ".alsos-viewer{--felt:#1f6b45;container-type:inline-size;box-sizing:border-box;"
    "background:#fff;"
    "border:1px solid #c9c5b8;border-radius:10px;padding:10px 12px;margin:0 0 1em;"
    "color:#1d1d1d;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
    "max-width:100%}"
    ".alsos-viewer *{box-sizing:border-box}"
    ".alsos-viewer:focus{outline:2px solid #3b6fb6;outline-offset:2px}"
    ".alsos-viewer .av-defs{position:absolute;width:0;height:0;overflow:hidden}"
    ".alsos-viewer p{margin:.25em 0}"
    ".alsos-viewer .av-rules{font-weight:600}"
    ".alsos-viewer .av-rules code{font-weight:400;font-size:.85em;color:#555}"
    ".alsos-viewer .av-meta,.alsos-viewer .av-note{font-size:.9em;color:#444}"
    ".alsos-viewer .av-note{background:#fff7dd;border-left:4px solid #e3b341;"
    "padding:4px 8px;border-radius:4px}"
    # On its own page the buttons stay in sight; inside a site, its own header may be sticky.
    ".alsos-viewer[data-page-keys] .av-nav{position:sticky;top:0;z-index:2}"
    ".alsos-viewer .av-said{font-size:.8em;overflow-wrap:anywhere}"
    ".alsos-viewer .av-nav{display:flex;align-items:center;"
    "gap:8px;justify-content:space-between;background:#fff;padding:6px 0;"
    "border-bottom:1px solid #e2dfd5;margin-bottom:6px;flex-wrap:wrap}"
    ".alsos-viewer .av-nav .av-link{min-width:0;font-weight:400;background:#fff;color:#2d5a94}"
    ".alsos-viewer .av-said:empty{display:none}"
    ".alsos-viewer .av-nav button{font:inherit;font-weight:600;min-width:5.5em;"
    "min-height:44px;padding:6px 12px;border:1px solid #2d5a94;border-radius:8px;"
    "background:#3b6fb6;color:#fff;cursor:pointer}"
    ".alsos-viewer .av-nav button:disabled{background:#c8cdd6;border-color:#b5bac3;"
    "color:#555;cursor:default}"
    ".alsos-viewer .av-pos{text-align:center;font-size:.95em}"
    # Cards are sized from the viewer's own width (not the window's): ten fit in a row.
    ".alsos-viewer .av-step{padding:4px 0;--cw:clamp(30px,calc((100cqi - 13em)/10.8),46px)}"
    ".alsos-viewer.av-js .av-step[hidden]{display:none}"
    ".alsos-viewer .av-title{font-family:inherit;font-weight:600;font-size:1.1em;"
    "margin:.2em 0;padding:0;color:inherit}"
    ".alsos-viewer .av-count{font-weight:400;font-size:.8em;color:#666}"
    ".alsos-viewer.av-js .av-count{display:none}"
    ".alsos-viewer .av-contract,.alsos-viewer .av-stake{font-size:.92em;margin:.25em 0}"
    ".alsos-viewer .av-stake ul{display:flex;flex-wrap:wrap;gap:4px;list-style:none;"
    "padding:0;margin:.3em 0}"
    ".alsos-viewer .av-stake li{background:#ecebe6;border-radius:9px;padding:0 8px}"
    ".alsos-viewer .c{display:inline-block;width:var(--cw);height:calc(var(--cw)*1.6);"
    "vertical-align:top;flex:none}"
    ".alsos-viewer .c.later{opacity:.45}"
    ".alsos-viewer .c.back{border-radius:calc(var(--cw)*.1);border:1.5px solid #444;"
    "background:repeating-linear-gradient(45deg,#2f5d9a 0 3px,#4474b5 3px 6px)}"
    ".alsos-viewer .av-trick{display:flex;flex-wrap:wrap;gap:10px 14px;align-items:flex-start;"
    "background:var(--felt);color:#fff;border-radius:10px;padding:10px;margin:6px 0}"
    ".alsos-viewer .av-trick p{flex-basis:100%;margin:0;font-weight:600}"
    ".alsos-viewer .av-play{margin:0;display:flex;flex-direction:column;align-items:center;"
    "gap:3px;--cw:58px}"
    ".alsos-viewer .av-play figcaption{font-size:.8em;text-align:center;max-width:8em}"
    ".alsos-viewer .av-won .c{outline:3px solid #ffd54a;border-radius:6px}"
    ".alsos-viewer .av-hands{display:grid;gap:6px;margin:6px 0}"
    ".alsos-viewer .av-seat{display:grid;grid-template-columns:11em 1fr;gap:4px 10px;"
    "align-items:center;padding:4px 0;border-bottom:1px solid #eeece6}"
    ".alsos-viewer .av-who{font-weight:600;font-size:.92em}"
    ".alsos-viewer .av-tag{display:inline-block;font-weight:400;font-size:.8em;"
    "background:#ecebe6;border-radius:9px;padding:0 7px;margin-left:3px}"
    ".alsos-viewer .av-cards{display:flex;flex-wrap:wrap;gap:3px;min-height:calc(var(--cw)*1.6)}"
    ".alsos-viewer .av-talon .av-who{color:#555}"
    ".alsos-viewer .av-log h4,.alsos-viewer .av-all h4,.alsos-viewer .av-left{"
    "margin:.5em 0 .2em;font-size:.95em;"
    "font-family:inherit;color:inherit}"
    ".alsos-viewer .av-log ul{margin:0;padding-left:1.2em;overflow-wrap:anywhere}"
    ".alsos-viewer .av-phase{display:inline-block;font-size:.78em;text-transform:uppercase;"
    "letter-spacing:.04em;color:#6b4a12;background:#f6ecd6;border-radius:4px;padding:0 5px}"
    ".alsos-viewer .av-comment{list-style:none;font-style:italic;color:#3f5c2a}"
    ".alsos-viewer .av-scroll{overflow-x:auto;margin:6px 0}"
    ".alsos-viewer table{border-collapse:collapse;font-size:.9em;min-width:100%}"
    ".alsos-viewer th,.alsos-viewer td{border-bottom:1px solid #e2dfd5;padding:3px 6px;"
    "text-align:left;vertical-align:top}"
    ".alsos-viewer th,.alsos-viewer .av-result td:first-child{white-space:nowrap}"
    ".alsos-viewer .av-why-2{margin-left:1.5em;list-style:circle}"
    ".alsos-viewer .av-pay{font-weight:700}"
    ".alsos-viewer .av-all ol{list-style:none;padding:0;margin:0;display:grid;gap:4px}"
    ".alsos-viewer .av-all li{display:flex;align-items:center;gap:4px;flex-wrap:wrap}"
    ".alsos-viewer .av-all b{display:inline-block;min-width:1.6em}"
    ".alsos-viewer .av-mini{--cw:28px;display:inline-flex;height:calc(var(--cw)*1.6)}"
    ".alsos-viewer .av-record pre{white-space:pre-wrap;font-size:.8em;background:#f6f5f0;"
    "padding:8px;border-radius:6px}"
    "@container (max-width:600px){"
    ".alsos-viewer .av-step{--cw:clamp(22px,calc((100cqi - 16px)/10.8),46px)}"
    ".alsos-viewer .av-seat{grid-template-columns:1fr}"
    ".alsos-viewer .av-play{--cw:clamp(34px,12cqi,52px)}"
    ".alsos-viewer .av-nav button{min-width:4.6em;padding:6px 8px}}"
    "@media (max-width:480px){.alsos-viewer{padding:8px}}"
)

# Steps are <section>s; the script hides all but one and moves between them.

_JS = r"""(function(){
var roots=document.querySelectorAll('.alsos-viewer:not(.av-js)');var active=null;
var paged=roots.length&&roots[0].hasAttribute('data-page-keys');
function place(){
  var m=/^#(?:hand=(\d+)&)?step=(\d+)$/.exec(location.hash);
  return m?{hand:(m[1]?+m[1]:1)-1,step:+m[2]-1}:null;
}
var asked=paged?place():null;
function setup(root,index){
  root.classList.add('av-js');
  var steps=root.querySelectorAll('.av-step'),pos=root.querySelector('.av-pos');
  var prev=root.querySelector('.av-prev'),next=root.querySelector('.av-next'),cur=0;
  var gos=root.querySelectorAll('[data-go]');
  function show(n){
    cur=Math.max(0,Math.min(steps.length-1,n));
    for(var i=0;i<steps.length;i++){steps[i].hidden=(i!==cur);}
    pos.textContent=(cur+1)+' / '+steps.length+' \u00b7 '+steps[cur].getAttribute('data-title');
    prev.disabled=(cur===0);next.disabled=(cur===steps.length-1);
    for(var g=0;g<gos.length;g++){
      if(+gos[g].getAttribute('data-go')===cur){gos[g].setAttribute('aria-current','step');}
      else{gos[g].removeAttribute('aria-current');}
    }
    root.setAttribute('data-current',String(cur));
    if(paged&&shown){
      // the address names the step shown: a link to this point of the hand
      var here='#'+(roots.length>1?'hand='+(index+1)+'&':'')+'step='+(cur+1);
      if(location.hash!==here){history.replaceState(null,'',here);}
    }
  }
  var shown=false;
  root.alsosGo=function(key){
    if(key==='ArrowRight'||key==='ArrowDown'||key==='PageDown'){show(cur+1);}
    else if(key==='ArrowLeft'||key==='ArrowUp'||key==='PageUp'){show(cur-1);}
    else if(key==='Home'){show(0);}else if(key==='End'){show(steps.length-1);}
    else{return false;}
    return true;
  };
  prev.addEventListener('click',function(){active=root;show(cur-1);});
  next.addEventListener('click',function(){active=root;show(cur+1);});
  for(var g=0;g<gos.length;g++){gos[g].addEventListener('click',function(){
    active=root;show(+this.getAttribute('data-go'));});}
  root.addEventListener('focusin',function(){active=root;});
  root.addEventListener('pointerdown',function(){active=root;});
  root.addEventListener('keydown',function(e){
    if(e.altKey||e.ctrlKey||e.metaKey){return;}
    if(root.alsosGo(e.key)){e.preventDefault();e.stopPropagation();}
  });
  show(asked&&asked.hand===index?asked.step:0);
  shown=true;
  var link=root.querySelector('.av-link'),said=root.querySelector('.av-said');
  if(paged&&link){
    // a whole page: its address names the step shown, to be passed on
    link.hidden=false;
    link.addEventListener('click',function(){
      active=root;show(cur);
      var done=function(){said.textContent=@COPIED@;};
      var left=function(){said.textContent=@COPY@;};
      if(navigator.clipboard){navigator.clipboard.writeText(location.href).then(done,left);}
      else{left();}
    });
  }
}
for(var i=0;i<roots.length;i++){setup(roots[i],i);}
if(roots.length&&roots[0].hasAttribute('data-page-keys')&&!window.alsosViewerKeys){
  window.alsosViewerKeys=true;
  document.addEventListener('keydown',function(e){
    if(e.altKey||e.ctrlKey||e.metaKey||/INPUT|TEXTAREA|SELECT/.test(e.target.tagName)){return;}
    var all=document.querySelectorAll('.alsos-viewer.av-js');
    var root=active||all[0];
    if(root&&root.alsosGo(e.key)){e.preventDefault();}
  });
}
})();"""


def _literal(text: str) -> str:
    """``text`` as a JavaScript string literal, safe inside an HTML ``<script>``."""
    escaped = (
        text.replace("\\", "\\\\")
        .replace("'", "\\'")
        .replace("<", "\\u003c")
        .replace("\n", "\\n")
        .replace("\r", "\\r")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
    return f"'{escaped}'"


def _with_address(text: str) -> str:
    """A JavaScript expression: ``text`` with its ``{address}`` the page's address."""
    parts = []
    for i, piece in enumerate(text.split("{address}")):
        if i:
            parts.append("location.href")
        if piece:
            parts.append(_literal(piece))
    return "+".join(parts) or "''"


def script(lang: Language = ENGLISH) -> str:
    """The viewer's script with its words in ``lang``."""
    copied = lang.text("Copied: {address}", address="{address}")
    copy = lang.text("Copy the address: {address}", address="{address}")
    return _JS.replace("@COPIED@", _with_address(copied)).replace("@COPY@", _with_address(copy))


#: The viewer's script (its words in English): one step shown at a time, moved by its
#: buttons and the arrow keys.
JS = script()
