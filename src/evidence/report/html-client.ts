/**
 * The report page's own script and style, inlined into index.html: no
 * external assets, no fetch (file:// pages cannot fetch), all data read from
 * the embedded JSON.
 */

export const REPORT_CSS = `
*{box-sizing:border-box}body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#f6f6f8}
header{padding:16px 24px;background:#1d1d1f;color:#fff}header h1{margin:0 0 8px;font-size:20px}
.summary span{display:inline-block;margin-right:16px;font-weight:600}.s-failed{color:#ff6b6b}.s-flaky{color:#ffb020}
.s-passed{color:#5dd39e}.s-skipped{color:#aaa}main{padding:16px 24px}
.filters button{margin-right:8px;padding:4px 10px;border:1px solid #ccc;background:#fff;border-radius:12px;cursor:pointer}
.filters button.on{background:#1d1d1f;color:#fff}
.test{background:#fff;border:1px solid #ddd;border-radius:6px;margin:10px 0}
.test>summary{padding:10px 14px;cursor:pointer;font-weight:600}.badge{font-size:12px;padding:2px 8px;border-radius:10px;margin-right:8px;color:#fff}
.b-failed{background:#d93025}.b-flaky{background:#e37400}.b-passed{background:#188038}.b-skipped{background:#888}
.body{padding:0 14px 14px}pre{background:#f1f1f4;padding:10px;overflow:auto;max-height:360px;white-space:pre-wrap}
.bundle{border-top:1px solid #eee;padding-top:10px;margin-top:10px}.viewer{display:flex;gap:16px;align-items:flex-start}
.shot{position:relative;flex:none;width:360px}.shot img{width:100%;display:block;outline:1px solid #ccc}img.diff{width:360px;outline:1px solid #ccc}
.highlight{position:absolute;border:3px solid #e0245e;background:rgba(224,36,94,.15);pointer-events:none}
.tree{list-style:none;margin:0;padding:0;max-height:640px;overflow:auto;font:12px/1.5 ui-monospace,monospace;flex:1}
.tree li{cursor:default;white-space:nowrap;padding:0 4px}.tree li:hover,.tree li.active{background:#ffe3ec}
.tree .cls{color:#888}.tree .rid{color:#0b57d0}.cand li{cursor:default}.cand li:hover{background:#ffe3ec}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:4px 6px;text-align:left;vertical-align:top}
.files a{margin-right:12px}.videos{display:flex;gap:12px;flex-wrap:wrap}.videos video,.videos img{width:360px;outline:1px solid #ccc}
.incidents{margin-top:10px;padding:8px 12px;background:#d93025;color:#fff;border-radius:6px}.incidents ul{margin:4px 0 0;padding-left:20px}
`;

export const REPORT_SCRIPT = `
(function(){
  var data = JSON.parse(document.getElementById('report-data').textContent);
  function el(tag, attrs, children){
    var e = document.createElement(tag);
    Object.keys(attrs||{}).forEach(function(k){ if(k==='text') e.textContent=attrs[k]; else e.setAttribute(k, attrs[k]); });
    (children||[]).forEach(function(c){ if(c) e.appendChild(c); });
    return e;
  }
  function showBounds(shot, image, bounds){
    var hl = shot.querySelector('.highlight'), img = shot.querySelector('img');
    if(!bounds || !image){ hl.hidden = true; return; }
    var scale = img.clientWidth / image.width;
    hl.style.left = (img.offsetLeft + bounds.left*scale) + 'px';
    hl.style.top = (img.offsetTop + bounds.top*scale) + 'px';
    hl.style.width = ((bounds.right-bounds.left)*scale) + 'px';
    hl.style.height = ((bounds.bottom-bounds.top)*scale) + 'px';
    hl.hidden = false;
  }
  function hoverable(li, shot, image, bounds){
    li.addEventListener('mouseenter', function(){ li.classList.add('active'); showBounds(shot, image, bounds); });
    li.addEventListener('mouseleave', function(){ li.classList.remove('active'); showBounds(shot, image, null); });
  }
  function section(title, child){ return el('div', {}, [el('h4', {text: title}), child]); }
  function renderBundle(b){
    var box = el('div', {class:'bundle', 'data-attempt': String(b.attempt)});
    box.appendChild(el('h3', {text: 'Attempt ' + b.attempt + ' evidence' + (b.device ? ' on ' + b.device : '') + ' (' + b.status + ')'}));
    var files = el('div', {class:'files'});
    b.files.forEach(function(f){ files.appendChild(el('a', {href: f.href, text: f.name})); });
    box.appendChild(files);
    if(b.errors.length) box.appendChild(el('pre', {class:'capture-errors', text: b.errors.map(function(e){return e.code+' ['+e.stage+'] '+e.message;}).join('\\n')}));
    if(b.failure){
      var f = b.failure;
      box.appendChild(el('p', {text: 'Expected ' + f.expected + '; observed ' + f.observed + '. Foreground: ' + (f.foregroundPackage||'unknown') + '.'}));
    }
    var viewer = el('div', {class:'viewer'});
    if(b.screenshot){
      var shot = el('div', {class:'shot'}, [el('img', {src: b.screenshot, alt: 'screenshot at failure'}), el('div', {class:'highlight', hidden:''})]);
      viewer.appendChild(shot);
      var tree = el('ul', {class:'tree', 'aria-label':'hierarchy'});
      b.nodes.forEach(function(n){
        var li = el('li', {'data-path': n.path, style: 'padding-left:' + (n.depth*12+4) + 'px'}, [
          el('span', {text: n.label ? '"' + n.label + '" ' : ''}),
          el('span', {class:'cls', text: (n.className||'').split('.').pop() + ' '}),
          el('span', {class:'rid', text: n.resourceId||''})]);
        if(n.bounds) li.title = '[' + n.bounds.left + ',' + n.bounds.top + '][' + n.bounds.right + ',' + n.bounds.bottom + ']';
        hoverable(li, shot, b.image, n.bounds);
        tree.appendChild(li);
      });
      viewer.appendChild(tree);
      if(b.failure && b.failure.candidates.length){
        var cand = el('ul', {class:'cand'});
        b.failure.candidates.forEach(function(c){
          var li = el('li', {text: c.reason + ': "' + c.label + '" ' + (c.resourceId||'') + ' at ' + c.nodePath});
          hoverable(li, shot, b.image, c.bounds);
          cand.appendChild(li);
        });
        box.appendChild(section('Closest candidates (hover to locate)', cand));
      }
    }
    box.appendChild(viewer);
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
    if(b.annotated) box.appendChild(el('p', {}, [el('a', {href: b.annotated, text: 'annotated screenshot'})]));
    if(b.diff) box.appendChild(section('Screenshot diff (changed pixels in red)', el('img', {src: b.diff, class: 'diff', alt: 'screenshot diff'})));
    var rows = b.timeline.map(function(x){
      var d = el('details', {}, [el('summary', {text: 'payload and envelope'}), el('pre', {text: JSON.stringify({payload: x.payload, envelope: x.envelope, error: x.error}, null, 2)})]);
      return el('tr', {}, [el('td', {text: x.startedAt.slice(11, 23)}), el('td', {text: x.durationMs == null ? '?' : x.durationMs + ' ms'}),
        el('td', {text: x.summary}), el('td', {text: x.commandId || ''}), el('td', {}, [d])]);
    });
    box.appendChild(section('Action timeline (' + b.timeline.length + ')', el('table', {class:'timeline'}, [
      el('tr', {}, ['start','duration','actions','commandId','details'].map(function(h){return el('th', {text:h});}))].concat(rows))));
    if(b.logcat) box.appendChild(section('Logcat (' + b.logcat.totalLines + ' lines, app first)', el('pre', {class:'logcat', text: b.logcat.text})));
    return box;
  }
  function renderTest(t){
    var details = el('details', {class:'test', 'data-outcome': t.outcome, id: t.id}, [
      el('summary', {}, [el('span', {class:'badge b-' + t.outcome, text: t.outcome}), el('span', {class:'name', text: t.name}),
        el('span', {class:'cls', text: '  ' + t.file + ' · ' + t.durationMs + ' ms' + (t.attempts > 1 ? ' · ' + t.attempts + ' attempts' : '')})])]);
    var body = el('div', {class:'body'});
    if(t.errors.length) body.appendChild(el('pre', {class:'error', text: t.errors.join('\\n\\n')}));
    t.bundles.forEach(function(b){ body.appendChild(renderBundle(b)); });
    details.appendChild(body);
    if(t.outcome === 'failed') details.open = true;
    return details;
  }
  var s = data.summary;
  document.getElementById('summary').replaceChildren(
    el('span', {class:'s-total', text: s.total + ' tests'}), el('span', {class:'s-passed', text: s.passed + ' passed'}),
    el('span', {class:'s-failed', text: s.failed + ' failed'}), el('span', {class:'s-flaky', text: s.flaky + ' flaky'}),
    el('span', {class:'s-skipped', text: s.skipped + ' skipped'}));
  var list = document.getElementById('tests');
  var order = {failed:0, flaky:1, passed:2, skipped:3};
  data.tests.slice().sort(function(a,b){ return order[a.outcome]-order[b.outcome]; }).forEach(function(t){ list.appendChild(renderTest(t)); });
  var filters = document.getElementById('filters');
  ['all','failed','flaky','passed','skipped'].forEach(function(f){
    var btn = el('button', {type:'button', 'data-filter': f, text: f});
    if(f === 'all') btn.classList.add('on');
    btn.addEventListener('click', function(){
      filters.querySelectorAll('button').forEach(function(x){ x.classList.toggle('on', x === btn); });
      list.querySelectorAll('.test').forEach(function(t){ t.hidden = f !== 'all' && t.getAttribute('data-outcome') !== f; });
    });
    filters.appendChild(btn);
  });
})();
`;
