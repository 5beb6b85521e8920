#!/usr/bin/env node
// Times a peer VAST parser, dailymotion/vast-client-js, over the same corpus as
// `kontext-video-bench vast`, so the two can be compared in one run. It contains none of the
// peer's code: pass the path of a checkout of its repository at a 6.x tag (its `dist/` is committed
// there, and bundles the xmldom DOMParser it needs). Nothing is fetched or installed.
//
//   node Scripts/peer-bench/vast-client-js.js PEER_CHECKOUT CORPUS_DIR [MIN_CPU_MS]
//
// "Parse only", as the SDK's figure: bytes -> string -> DOMParser -> VASTParser.parseVastXml
// (the ads model), no wrapper is followed and nothing is fetched. Prints one line:
//   documents=N passes=P cpu_ms=C documents_per_cpu_second=R
'use strict';
const fs = require('fs');
const path = require('path');

const [peer, corpus, minMsArgument] = process.argv.slice(2);
if (!peer || !corpus) {
  console.error('usage: vast-client-js.js PEER_CHECKOUT CORPUS_DIR [MIN_CPU_MS]');
  process.exit(2);
}
const minCpuMicroseconds = Number(minMsArgument || 1000) * 1000;
const dist = path.join(peer, 'dist');
const { VASTParser } = require(path.join(dist, 'vast-client-node.js'));
const chunk = fs.readdirSync(path.join(dist, 'chunks')).find((name) => /^xmldom-.*\.js$/.test(name) && !name.endsWith('.min.js'));
const { DOMParser } = require(path.join(dist, 'chunks', chunk)).index;

function files(directory) {
  const found = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...files(full));
    else if (entry.name.endsWith('.xml')) found.push(full);
  }
  return found;
}
const documents = files(corpus).sort().map((file) => fs.readFileSync(file));

const parser = new VASTParser();
const quiet = { error() {}, warning() {} };
function pass() {
  let ads = 0;
  for (const bytes of documents) {
    try {
      const xml = new DOMParser({ errorHandler: quiet }).parseFromString(bytes.toString('utf8'), 'text/xml');
      parser.initParsingStatus({});
      ads += parser.parseVastXml(xml, { isRootVAST: true }).length;
    } catch (error) {
      // Not a VAST document: the peer refuses it, as the SDK does.
    }
  }
  return ads;
}

function cpuMicroseconds() {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

for (let warm = 0; warm < 5; warm++) pass();
let passes = 0;
const start = cpuMicroseconds();
let elapsed = 0;
while (elapsed < minCpuMicroseconds || passes < 3) {
  pass();
  passes++;
  elapsed = cpuMicroseconds() - start;
}
const rate = (documents.length * passes) / (elapsed / 1e6);
console.log(`documents=${documents.length} passes=${passes} cpu_ms=${(elapsed / 1000).toFixed(1)} documents_per_cpu_second=${rate.toFixed(0)}`);
