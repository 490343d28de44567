// One unit of the rhino workload: a mix of what scripts do (objects, closures, recursion, strings,
// arrays, regular expressions, JSON), all seeded, so the result is the same in every run.
// run(unit) returns a number folded into the driver's checksum.

function Random(seed) {
  this.state = seed >>> 0;
}
Random.prototype.next = function () {
  // xorshift32: deterministic across engines
  var x = this.state;
  x ^= x << 13; x >>>= 0;
  x ^= x >>> 17;
  x ^= x << 5; x >>>= 0;
  this.state = x;
  return x;
};
Random.prototype.below = function (n) { return this.next() % n; };

// A small expression language: tokenizer, recursive-descent parser, tree-walking evaluator.
function tokenize(src) {
  var tokens = [], re = /\s*(\d+|[A-Za-z_]\w*|[-+*\/%()<>=?:,])/g, m;
  while ((m = re.exec(src)) !== null) {
    tokens.push(m[1]);
  }
  return tokens;
}
function Parser(tokens) { this.t = tokens; this.i = 0; }
Parser.prototype.peek = function () { return this.t[this.i]; };
Parser.prototype.take = function () { return this.t[this.i++]; };
Parser.prototype.expr = function () {
  var c = this.cmp();
  if (this.peek() === '?') {
    this.take(); var a = this.expr(); this.take(); var b = this.expr();
    return { op: '?', c: c, a: a, b: b };
  }
  return c;
};
Parser.prototype.cmp = function () {
  var l = this.sum();
  while (this.peek() === '<' || this.peek() === '>') { var op = this.take(); l = { op: op, l: l, r: this.sum() }; }
  return l;
};
Parser.prototype.sum = function () {
  var l = this.prod();
  while (this.peek() === '+' || this.peek() === '-') { var op = this.take(); l = { op: op, l: l, r: this.prod() }; }
  return l;
};
Parser.prototype.prod = function () {
  var l = this.atom();
  while (this.peek() === '*' || this.peek() === '/' || this.peek() === '%') {
    var op = this.take(); l = { op: op, l: l, r: this.atom() };
  }
  return l;
};
Parser.prototype.atom = function () {
  var tok = this.take();
  if (tok === '(') { var e = this.expr(); this.take(); return e; }
  if (/^\d+$/.test(tok)) { return { op: 'num', v: parseInt(tok, 10) }; }
  if (this.peek() === '(') {
    this.take(); var args = [];
    while (this.peek() !== ')') { args.push(this.expr()); if (this.peek() === ',') { this.take(); } }
    this.take();
    return { op: 'call', f: tok, args: args };
  }
  return { op: 'var', n: tok };
};
function evaluate(node, env, fns) {
  switch (node.op) {
    case 'num': return node.v;
    case 'var': return env[node.n];
    case '+': return evaluate(node.l, env, fns) + evaluate(node.r, env, fns);
    case '-': return evaluate(node.l, env, fns) - evaluate(node.r, env, fns);
    case '*': return (evaluate(node.l, env, fns) * evaluate(node.r, env, fns)) % 1000003;
    case '/': var d = evaluate(node.r, env, fns); return d === 0 ? 0 : Math.floor(evaluate(node.l, env, fns) / d);
    case '%': var q = evaluate(node.r, env, fns); return q === 0 ? 0 : evaluate(node.l, env, fns) % q;
    case '<': return evaluate(node.l, env, fns) < evaluate(node.r, env, fns) ? 1 : 0;
    case '>': return evaluate(node.l, env, fns) > evaluate(node.r, env, fns) ? 1 : 0;
    case '?': return evaluate(node.c, env, fns) ? evaluate(node.a, env, fns) : evaluate(node.b, env, fns);
    case 'call':
      var f = fns[node.f], local = {};
      for (var i = 0; i < f.params.length; i++) { local[f.params[i]] = evaluate(node.args[i], env, fns); }
      return evaluate(f.body, local, fns);
  }
  throw new Error('bad node ' + node.op);
}
function interpretPrograms(rnd) {
  var fns = {
    fib: { params: ['n'], body: new Parser(tokenize('n < 2 ? n : fib(n - 1) + fib(n - 2)')).expr() },
    gcd: { params: ['a', 'b'], body: new Parser(tokenize('b > 0 ? gcd(b, a % b) : a')).expr() },
    pow: { params: ['b', 'e'], body: new Parser(tokenize('e < 1 ? 1 : b * pow(b, e - 1)')).expr() }
  };
  var total = 0;
  for (var k = 0; k < 6; k++) {
    var src = 'fib(' + (12 + rnd.below(4)) + ') + gcd(' + (rnd.below(9000) + 10) + ', ' + (rnd.below(700) + 3)
        + ') * pow(' + (rnd.below(9) + 2) + ', ' + (rnd.below(20) + 1) + ')';
    total = (total + evaluate(new Parser(tokenize(src)).expr(), {}, fns)) % 1000000007;
  }
  return total;
}

// Objects and prototypes: a binary search tree of records, walked in order.
function Node(key, value) { this.key = key; this.value = value; this.left = null; this.right = null; }
function insert(root, key, value) {
  if (root === null) { return new Node(key, value); }
  if (key < root.key) { root.left = insert(root.left, key, value); }
  else if (key > root.key) { root.right = insert(root.right, key, value); }
  else { root.value += value; }
  return root;
}
function walk(node, visit) { if (node) { walk(node.left, visit); visit(node); walk(node.right, visit); } }
function treeWork(rnd) {
  var root = null;
  for (var i = 0; i < 1500; i++) { root = insert(root, rnd.below(5000), rnd.below(100)); }
  var acc = 0, n = 0;
  walk(root, function (node) { acc = (acc * 31 + node.key * node.value) % 1000000007; n++; });
  return acc + n;
}

// Arrays, closures and sorting.
function arrayWork(rnd) {
  var people = [];
  for (var i = 0; i < 800; i++) {
    people.push({ name: 'p' + rnd.below(100000), age: rnd.below(90), score: rnd.below(1000) / 10 });
  }
  people.sort(function (a, b) { return a.age - b.age || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0); });
  var adults = people.filter(function (p) { return p.age >= 18; });
  var byDecade = {};
  adults.forEach(function (p) {
    var d = Math.floor(p.age / 10);
    byDecade[d] = (byDecade[d] || 0) + p.score;
  });
  var sum = adults.map(function (p) { return p.name.length; }).reduce(function (a, b) { return a + b; }, 0);
  for (var key in byDecade) { sum += Math.round(byDecade[key]); }
  return sum;
}

// Strings, regular expressions and JSON.
function textWork(rnd) {
  var words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
  var parts = [];
  for (var i = 0; i < 600; i++) {
    parts.push(words[rnd.below(words.length)] + (rnd.below(4) === 0 ? '-' + rnd.below(1000) : ''));
  }
  var text = parts.join(' ');
  var counts = {};
  text.replace(/([a-z]+)(?:-(\d+))?/g, function (all, word, num) {
    counts[word] = (counts[word] || 0) + (num ? parseInt(num, 10) % 7 : 1);
    return all.toUpperCase();
  });
  var json = JSON.stringify({ counts: counts, length: text.length, head: text.substring(0, 40) });
  var back = JSON.parse(json);
  var h = 0;
  for (var j = 0; j < json.length; j++) { h = (h * 33 + json.charCodeAt(j)) % 1000000007; }
  return h + back.length;
}

function run(unit) {
  var rnd = new Random(0x9e3779b9 ^ (unit * 2654435761));
  return (interpretPrograms(rnd) + treeWork(rnd) + arrayWork(rnd) + textWork(rnd)) % 1000000007;
}
