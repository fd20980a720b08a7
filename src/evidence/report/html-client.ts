/**
 * The report page's own script and style, inlined into index.html: no
 * external assets, no fetch (file:// pages cannot fetch), all data read from
 * the embedded JSON. Per failing attempt it is a trace viewer: the step tree
 * with the test line of each step, the filmstrip of screens around the steps,
 * and an inspector (screen and hierarchy, hover highlights both ways, a click
 * shows the node's attributes and the locator droidproof suggests).
 */

export const REPORT_CSS = `
*{box-sizing:border-box}body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#f6f6f8}
header{padding:16px 24px;background:#1d1d1f;color:#fff}header h1{margin:0 0 8px;font-size:20px}
.summary span{display:inline-block;margin-right:16px;font-weight:600}.s-failed{color:#ff6b6b}.s-flaky{color:#ffb020}
.s-passed{color:#5dd39e}.s-skipped{color:#aaa}main{padding:16px 24px}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.filters button{padding:4px 10px;border:1px solid #ccc;background:#fff;border-radius:12px;cursor:pointer}
.filters button.on{background:#1d1d1f;color:#fff}.filters input,.filters select{padding:4px 8px;border:1px solid #ccc;border-radius:6px;font:inherit}
.filters input{width:260px}#shown{color:#666}
.test{background:#fff;border:1px solid #ddd;border-radius:6px;margin:10px 0}
.test>summary{padding:10px 14px;cursor:pointer;font-weight:600}.badge{font-size:12px;padding:2px 8px;border-radius:10px;margin-right:8px;color:#fff}
.b-failed{background:#d93025}.b-flaky{background:#e37400}.b-passed{background:#188038}.b-skipped{background:#888}
.tag{font-size:12px;font-weight:400;background:#e8eaf6;color:#283593;border-radius:8px;padding:1px 6px;margin-left:6px}
.body{padding:0 14px 14px}pre{background:#f1f1f4;padding:10px;overflow:auto;max-height:360px;white-space:pre-wrap}
.snippet{font:12px/1.5 ui-monospace,monospace;background:#f1f1f4;border-radius:4px;padding:6px 0;overflow:auto}
.snippet div{white-space:pre;padding:0 10px}.snippet .n{display:inline-block;width:40px;color:#888;text-align:right;margin-right:12px}
.snippet .hit{background:#fde2e1}.snippet .hit .n{color:#d93025;font-weight:700}
.bundle{border-top:1px solid #eee;padding-top:10px;margin-top:10px}.cls{color:#888}.rid{color:#0b57d0}
.trace{display:flex;gap:16px;align-items:flex-start;margin:8px 0}
.steps,.steps ul{list-style:none;margin:0;padding:0}.steps ul{padding-left:18px}
.steps{flex:1;min-width:0;max-height:520px;overflow:auto;border:1px solid #eee;border-radius:4px}
.step-row{display:flex;gap:8px;align-items:baseline;padding:3px 8px;cursor:pointer;border-bottom:1px solid #f3f3f3}
.step-row:hover{background:#f3f6ff}.step.selected>.step-row{background:#e3ebff}
.step-row .o{width:14px;font-weight:700}.o-passed{color:#188038}.o-failed{color:#d93025}.o-running{color:#888}
.step-row .title{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font:12px ui-monospace,monospace}
.step-row .meta{color:#666;font-size:12px;white-space:nowrap}.step-row .loc{font:12px ui-monospace,monospace;color:#0b57d0;white-space:nowrap}
.step-error{color:#d93025;font-size:12px;padding:0 8px 4px 30px}
.filmstrip{display:flex;gap:8px;overflow-x:auto;padding:6px 0;margin:6px 0}
.frame{flex:none;margin:0;border:2px solid transparent;border-radius:4px;padding:2px;cursor:pointer;text-align:center;font-size:11px;color:#555}
.frame img{display:block;width:72px;outline:1px solid #ccc}.frame.selected{border-color:#0b57d0}.frame.f-failed{color:#d93025}
.inspector{display:flex;gap:16px;align-items:flex-start}
.shot{position:relative;flex:none;width:360px}.shot img{width:100%;display:block;outline:1px solid #ccc;cursor:crosshair}
.shot figcaption{font-size:12px;color:#555;margin-top:4px}img.diff,img.annotated{width:360px;outline:1px solid #ccc}
.highlight,.hover-box{position:absolute;pointer-events:none}.highlight{border:3px solid #e0245e;background:rgba(224,36,94,.15)}
.hover-box{border:2px dashed #0b57d0;background:rgba(11,87,208,.08)}
.tree{position:relative;list-style:none;margin:0;padding:0;max-height:640px;overflow:auto;font:12px/1.5 ui-monospace,monospace;flex:1;min-width:0}
.tree li{cursor:pointer;white-space:nowrap;padding:0 4px}.tree li:hover,.tree li.active{background:#ffe3ec}.tree li.selected{background:#e3ebff}
.attrs{width:320px;flex:none;font-size:12px}.attrs code{display:block;background:#f1f1f4;padding:6px;white-space:pre-wrap;word-break:break-all}
.cand li{cursor:default}.cand li:hover{background:#ffe3ec}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:4px 6px;text-align:left;vertical-align:top}
.files a{margin-right:12px}.videos{display:flex;gap:12px;flex-wrap:wrap}.videos video,.videos img{width:360px;outline:1px solid #ccc}
.logcat{font:12px/1.45 ui-monospace,monospace}.logcat div{white-space:pre-wrap}
.l-V,.l-D{color:#777}.l-I{color:#1d1d1f}.l-W{color:#b06000}.l-E,.l-F{color:#d93025;font-weight:600}
.incidents{margin-top:10px;padding:8px 12px;background:#d93025;color:#fff;border-radius:6px}.incidents ul{margin:4px 0 0;padding-left:20px}
`;

export const REPORT_SCRIPT = `
(function(){
  var data = JSON.parse(document.getElementById('report-data').textContent);
  function el(tag, attrs, children){
    var e = document.createElement(tag);
    Object.keys(attrs||{}).forEach(function(k){ if(k==='text') e.textContent=attrs[k]; else e.setAttribute(k, attrs[k]); });
    (children||[]).forEach(function(c){ if(c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  function section(title, child){ return el('div', {}, [el('h4', {text: title}), child]); }
  function place(box, img, space, b){
    if(!b || !space){ box.hidden = true; return; }
    var scale = img.clientWidth / space.width;
    box.style.left = (img.offsetLeft + b.left*scale) + 'px';
    box.style.top = (img.offsetTop + b.top*scale) + 'px';
    box.style.width = ((b.right-b.left)*scale) + 'px';
    box.style.height = ((b.bottom-b.top)*scale) + 'px';
    box.hidden = false;
  }
  function nodeAt(nodes, x, y){
    var best = null, area = Infinity;
    nodes.forEach(function(n){
      var b = n.bounds;
      if(!b || x < b.left || x >= b.right || y < b.top || y >= b.bottom) return;
      var a = (b.right-b.left)*(b.bottom-b.top);
      if(a <= area){ best = n; area = a; }
    });
    return best;
  }

  /* The inspector: one screen with its hierarchy; hover highlights both ways, a click selects. */
  function Inspector(){
    var self = this;
    this.img = el('img', {alt: 'screen'});
    this.highlight = el('div', {class:'highlight', hidden:''});
    this.hoverBox = el('div', {class:'hover-box', hidden:''});
    this.caption = el('figcaption');
    this.shot = el('figure', {class:'shot'}, [this.img, this.highlight, this.hoverBox, this.caption]);
    this.tree = el('ul', {class:'tree', 'aria-label':'hierarchy'});
    this.attrs = el('div', {class:'attrs'}, [el('p', {class:'cls', text:'Click a node (in the tree or on the screen) to inspect it.'})]);
    this.root = el('div', {class:'inspector'}, [this.shot, this.tree, this.attrs]);
    this.nodes = []; this.space = null; this.items = {};
    function point(ev){
      if(!self.space) return null;
      var r = self.img.getBoundingClientRect(), scale = self.space.width / r.width;
      return nodeAt(self.nodes, (ev.clientX - r.left)*scale, (ev.clientY - r.top)*scale);
    }
    this.img.addEventListener('mousemove', function(ev){ self.hover(point(ev)); });
    this.img.addEventListener('mouseleave', function(){ self.hover(null); });
    this.img.addEventListener('click', function(ev){ var n = point(ev); if(n) self.select(n); });
  }
  Inspector.prototype.show = function(src, space, nodes, caption){
    var self = this;
    this.img.src = src || ''; this.img.hidden = !src;
    this.space = space; this.nodes = nodes || []; this.items = {};
    this.caption.textContent = caption;
    this.highlight.hidden = true; this.hoverBox.hidden = true;
    this.tree.replaceChildren();
    this.nodes.forEach(function(n){
      var li = el('li', {'data-path': n.path, style: 'padding-left:' + (n.depth*12+4) + 'px'}, [
        el('span', {text: n.label ? '"' + n.label + '" ' : ''}),
        el('span', {class:'cls', text: (n.className||'').split('.').pop() + ' '}),
        el('span', {class:'rid', text: n.resourceId||''})]);
      if(n.bounds) li.title = '[' + n.bounds.left + ',' + n.bounds.top + '][' + n.bounds.right + ',' + n.bounds.bottom + ']';
      li.addEventListener('mouseenter', function(){ self.hover(n); });
      li.addEventListener('mouseleave', function(){ self.hover(null); });
      li.addEventListener('click', function(){ self.select(n); });
      self.items[n.path] = li;
      self.tree.appendChild(li);
    });
    if(!this.nodes.length) this.tree.appendChild(el('li', {class:'cls', text:'No hierarchy was captured for this screen.'}));
    this.attrs.replaceChildren(el('p', {class:'cls', text:'Click a node (in the tree or on the screen) to inspect it.'}));
  };
  Inspector.prototype.hover = function(n){
    Object.keys(this.items).forEach(function(p){ this.items[p].classList.toggle('active', !!n && n.path === p); }, this);
    place(this.hoverBox, this.img, this.space, n && n.bounds);
    /* Scrolls the tree only, never the page under the pointer. */
    var li = n && this.items[n.path], tree = this.tree;
    if(li && (li.offsetTop < tree.scrollTop || li.offsetTop + li.offsetHeight > tree.scrollTop + tree.clientHeight)){
      tree.scrollTop = li.offsetTop - tree.clientHeight / 2;
    }
  };
  Inspector.prototype.outline = function(bounds){ place(this.highlight, this.img, this.space, bounds); };
  Inspector.prototype.select = function(n){
    Object.keys(this.items).forEach(function(p){ this.items[p].classList.toggle('selected', p === n.path); }, this);
    this.outline(n.bounds);
    var rows = Object.keys(n.attrs||{}).map(function(k){ return el('tr', {}, [el('th', {text:k}), el('td', {text:n.attrs[k]})]); });
    this.attrs.replaceChildren(
      el('h4', {text: 'Node ' + n.path}),
      el('div', {text: 'Suggested locator'}),
      el('code', {class:'suggestion', text: n.suggestion || 'no locator selects only this node on this screen'}),
      el('table', {class:'node-attrs'}, rows));
  };

  function stepText(s){
    var meta = [];
    if(s.count > 1) meta.push('\\u00d7' + s.count);
    if(s.polls != null) meta.push(s.polls + (s.polls === 1 ? ' check' : ' checks'));
    if(s.durationMs != null) meta.push(s.durationMs + ' ms');
    return meta.join(' \\u00b7 ');
  }
  function renderTrace(b, inspector, box){
    var t = b.trace, frames = {}, rows = {};
    function screenOf(i){ return i == null ? null : t.screens[i]; }
    function choose(s, which){
      Object.keys(rows).forEach(function(id){ rows[id].classList.toggle('selected', String(s.id) === id); });
      Object.keys(frames).forEach(function(k){ frames[k].classList.toggle('selected', k === s.id + ':' + which); });
      var i = which === 'before' ? s.before : (s.after != null ? s.after : s.before);
      var scr = screenOf(i), nodes = s.hierarchy == null ? [] : t.hierarchies[s.hierarchy];
      inspector.show(scr && scr.href, scr && {width: scr.sourceWidth, height: scr.sourceHeight}, nodes,
        'Step ' + s.id + ' (' + which + '): ' + s.title);
    }
    function row(s){
      var li = el('li', {class:'step', 'data-step-id': String(s.id), 'data-outcome': s.outcome});
      var r = el('div', {class:'step-row'}, [
        el('span', {class:'o o-' + s.outcome, text: s.outcome === 'failed' ? '\\u2717' : s.outcome === 'passed' ? '\\u2713' : '\\u2026'}),
        el('span', {class:'title', title: s.title, text: s.title}),
        el('span', {class:'meta', text: stepText(s)}),
        s.file ? el('span', {class:'loc', text: s.file + ':' + s.line}) : null]);
      r.setAttribute('tabindex', '0');
      r.setAttribute('role', 'button');
      r.addEventListener('click', function(){ choose(s, 'after'); });
      r.addEventListener('keydown', function(ev){ if(ev.key === 'Enter' || ev.key === ' '){ ev.preventDefault(); choose(s, 'after'); } });
      rows[s.id] = li;
      li.appendChild(r);
      if(s.error) li.appendChild(el('div', {class:'step-error', text: s.error}));
      var inner = el('ul');
      s.children.forEach(function(c){ inner.appendChild(row(c)); });
      /* One execution is the row itself; polls, batches and failed executions are worth opening. */
      if(s.executions.length > 1 || s.executions.some(function(x){ return x.error; })){
        var ex = el('details', {class:'executions'}, [el('summary', {text: s.executions.length + (s.executions.length === 1 ? ' execution' : ' executions')}),
          el('pre', {text: s.executions.map(function(x){ return x.startedAt.slice(11, 23) + '  ' + (x.durationMs == null ? '?' : x.durationMs) + ' ms  ' + x.summary + (x.error ? '  ' + JSON.stringify(x.error) : ''); }).join('\\n')})]);
        inner.appendChild(el('li', {}, [ex]));
      }
      if(inner.childNodes.length) li.appendChild(inner);
      return li;
    }
    var list = el('ul', {class:'steps', 'aria-label':'steps'});
    var strip = el('div', {class:'filmstrip', 'aria-label':'filmstrip'});
    function frame(s, which){
      var scr = screenOf(which === 'before' ? s.before : s.after);
      if(!scr) return;
      var f = el('figure', {class:'frame f-' + s.outcome, 'data-step-id': String(s.id), 'data-phase': which}, [
        el('img', {src: scr.href, alt: which + ' step ' + s.id}), el('figcaption', {text: s.id + ' ' + which})]);
      f.addEventListener('click', function(){ choose(s, which); });
      frames[s.id + ':' + which] = f;
      strip.appendChild(f);
    }
    /* Each screen once: step N's "before" is usually step N-1's "after". */
    var seen = {};
    t.steps.forEach(function(s){
      list.appendChild(row(s));
      [['before', s.before], ['after', s.after]].forEach(function(p){
        if(p[1] == null || seen[p[1]]) return;
        seen[p[1]] = true;
        frame(s, p[0]);
      });
    });
    box.appendChild(section('Steps (' + t.steps.length + ')', el('div', {class:'trace'}, [list])));
    box.appendChild(section('Filmstrip: the screen before and after each step', strip));
  }
  function renderLogcat(b){
    var lc = b.logcat, all = false;
    var pre = el('div', {class:'logcat'});
    var toggle = el('button', {type:'button', class:'logcat-all'});
    function draw(){
      var lines = lc.app && !all ? lc.lines.filter(function(l){ return l.app; }) : lc.lines;
      pre.replaceChildren.apply(pre, lines.map(function(l){ return el('div', {class: l.level ? 'l-' + l.level : '', text: l.text}); }));
      toggle.textContent = all ? 'only ' + lc.app : 'show every process';
      toggle.hidden = !lc.app;
    }
    toggle.addEventListener('click', function(){ all = !all; draw(); });
    draw();
    var title = 'Logcat (' + lc.totalLines + ' lines' + (lc.app ? ', filtered to ' + lc.app : '') + ')';
    return el('div', {}, [el('h4', {text: title}), toggle, el('pre', {}, [pre])]);
  }
  function renderBundle(b){
    var box = el('div', {class:'bundle', 'data-attempt': String(b.attempt)});
    box.appendChild(el('h3', {text: 'Attempt ' + b.attempt + ' evidence' + (b.device ? ' on ' + b.device : '') + ' (' + b.status + ')'}));
    var files = el('details', {class:'files'}, [el('summary', {text: b.files.length + ' files'})]);
    b.files.forEach(function(f){ files.appendChild(el('a', {href: f.href, text: f.name})); });
    box.appendChild(files);
    if(b.errors.length) box.appendChild(el('pre', {class:'capture-errors', text: b.errors.map(function(e){return e.code+' ['+e.stage+'] '+e.message;}).join('\\n')}));
    if(b.failure){
      var f = b.failure;
      box.appendChild(el('p', {class:'failure', text: 'Expected ' + f.expected + '; observed ' + f.observed + '. Foreground: ' + (f.foregroundPackage||'unknown') + '.'}));
    }
    var inspector = new Inspector();
    function showFailure(){
      inspector.show(b.screenshot, b.image, b.nodes, 'The screen at the failure');
    }
    if(b.trace) renderTrace(b, inspector, box);
    if(b.screenshot || b.trace){
      var back = el('button', {type:'button', class:'show-failure', text:'Show the screen at the failure'});
      back.addEventListener('click', showFailure);
      box.appendChild(section('Inspector', el('div', {}, [back, inspector.root])));
      if(b.screenshot) showFailure();
    }
    if(b.failure && b.failure.candidates.length){
      var cand = el('ul', {class:'cand'});
      b.failure.candidates.forEach(function(c){
        var li = el('li', {text: c.reason + ': "' + c.label + '" ' + (c.resourceId||'') + ' at ' + c.nodePath});
        li.addEventListener('mouseenter', function(){ showFailure(); inspector.outline(c.bounds); });
        li.addEventListener('mouseleave', function(){ inspector.outline(null); });
        cand.appendChild(li);
      });
      box.appendChild(section('Closest candidates (hover to locate)', cand));
    }
    if(b.annotated) box.appendChild(section('Annotated screenshot', el('img', {src: b.annotated, class: 'annotated', alt: 'annotated screenshot at failure'})));
    if(b.diff) box.appendChild(section('Screenshot diff (changed pixels in red)', el('img', {src: b.diff, class: 'diff', alt: 'screenshot diff'})));
    if(b.videos.length){
      var clips = el('div', {class:'videos'});
      b.videos.forEach(function(v, i){
        var name = 'screen recording' + (b.videos.length > 1 ? ', clip ' + (i + 1) : '');
        clips.appendChild(v.mimeType === 'video/mp4'
          ? el('video', {src: v.href, controls: '', preload: 'metadata', 'aria-label': name})
          : el('img', {src: v.href, alt: name}));
      });
      box.appendChild(section('Video', clips));
    }
    var rows = b.timeline.map(function(x){
      var d = el('details', {}, [el('summary', {text: 'payload and envelope'}), el('pre', {text: JSON.stringify({payload: x.payload, envelope: x.envelope, error: x.error}, null, 2)})]);
      return el('tr', {}, [el('td', {text: x.startedAt.slice(11, 23)}), el('td', {text: x.durationMs == null ? '?' : x.durationMs + ' ms'}),
        el('td', {text: x.summary}), el('td', {text: x.commandId || ''}), el('td', {}, [d])]);
    });
    box.appendChild(el('details', {class:'timeline-box'}, [el('summary', {text: 'Action timeline (' + b.timeline.length + ' executions)'}), el('table', {class:'timeline'}, [
      el('tr', {}, ['start','duration','actions','commandId','details'].map(function(h){return el('th', {text:h});}))].concat(rows))]));
    if(b.logcat) box.appendChild(renderLogcat(b));
    return box;
  }
  function renderSnippet(sn){
    var lines = sn.lines.map(function(l){
      return el('div', {class: l.number === sn.line ? 'hit' : ''}, [el('span', {class:'n', text: String(l.number)}), l.text]);
    });
    return section(sn.file + ':' + sn.line, el('div', {class:'snippet'}, lines));
  }
  function renderTest(t){
    var head = el('summary', {}, [el('span', {class:'badge b-' + t.outcome, text: t.outcome}), el('span', {class:'name', text: t.name}),
      el('span', {class:'cls', text: '  ' + t.file + ' \\u00b7 ' + t.durationMs + ' ms' + (t.attempts > 1 ? ' \\u00b7 ' + t.attempts + ' attempts' : '')})]);
    t.tags.forEach(function(tag){ head.appendChild(el('span', {class:'tag', text: tag})); });
    var details = el('details', {class:'test', 'data-outcome': t.outcome, id: t.id}, [head]);
    var body = el('div', {class:'body'});
    var built = false;
    function build(){
      if(built) return; built = true;
      if(t.errors.length) body.appendChild(el('pre', {class:'error', text: t.errors.join('\\n\\n')}));
      if(t.snippet) body.appendChild(renderSnippet(t.snippet));
      t.bundles.forEach(function(b){ body.appendChild(renderBundle(b)); });
    }
    details.appendChild(body);
    details.addEventListener('toggle', function(){ if(details.open) build(); });
    if(t.outcome === 'failed'){ build(); details.open = true; }
    return details;
  }

  var s = data.summary;
  document.getElementById('summary').replaceChildren(
    el('span', {class:'s-total', text: s.total + ' tests'}), el('span', {class:'s-passed', text: s.passed + ' passed'}),
    el('span', {class:'s-failed', text: s.failed + ' failed'}), el('span', {class:'s-flaky', text: s.flaky + ' flaky'}),
    el('span', {class:'s-skipped', text: s.skipped + ' skipped'}));
  var list = document.getElementById('tests');
  var order = {failed:0, flaky:1, passed:2, skipped:3};
  var entries = data.tests.slice().sort(function(a,b){ return order[a.outcome]-order[b.outcome]; }).map(function(t){
    var node = renderTest(t);
    list.appendChild(node);
    return {t: t, node: node, text: (t.name + '\\n' + t.file + '\\n' + t.errors.join('\\n')).toLowerCase()};
  });

  /* Search and filters: every control narrows the list; all of them apply together. */
  var filters = document.getElementById('filters');
  var state = {outcome: 'all', text: '', file: '', device: '', tag: ''};
  var shown = el('span', {id:'shown'});
  function apply(){
    var n = 0;
    entries.forEach(function(e){
      var ok = (state.outcome === 'all' || e.t.outcome === state.outcome) &&
        (!state.text || e.text.indexOf(state.text) >= 0) &&
        (!state.file || e.t.file === state.file) &&
        (!state.device || e.t.devices.indexOf(state.device) >= 0) &&
        (!state.tag || e.t.tags.indexOf(state.tag) >= 0);
      e.node.hidden = !ok;
      if(ok) n++;
    });
    shown.textContent = n + ' of ' + entries.length + ' shown';
  }
  var search = el('input', {type:'search', id:'search', placeholder:'Search tests, files, errors', 'aria-label':'search'});
  search.addEventListener('input', function(){ state.text = search.value.trim().toLowerCase(); apply(); });
  filters.appendChild(search);
  ['all','failed','flaky','passed','skipped'].forEach(function(f){
    var btn = el('button', {type:'button', 'data-filter': f, text: f});
    if(f === 'all') btn.classList.add('on');
    btn.addEventListener('click', function(){
      filters.querySelectorAll('button').forEach(function(x){ x.classList.toggle('on', x === btn); });
      state.outcome = f; apply();
    });
    filters.appendChild(btn);
  });
  function select(key, label, values){
    var uniq = values.filter(function(v, i){ return values.indexOf(v) === i; }).sort();
    if(!uniq.length) return;
    var sel = el('select', {id: key + '-filter', 'aria-label': label}, [el('option', {value:'', text: 'every ' + label})].concat(
      uniq.map(function(v){ return el('option', {value: v, text: v}); })));
    sel.addEventListener('change', function(){ state[key] = sel.value; apply(); });
    filters.appendChild(sel);
  }
  select('file', 'file', data.tests.map(function(t){ return t.file; }));
  select('device', 'device', [].concat.apply([], data.tests.map(function(t){ return t.devices; })));
  select('tag', 'tag', [].concat.apply([], data.tests.map(function(t){ return t.tags; })));
  filters.appendChild(shown);
  apply();
})();
`;
