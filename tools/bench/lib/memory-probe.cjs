// Preloaded into every Node process of a start by tools/bench/memory.mjs (NODE_OPTIONS=--require=…),
// so that the bench can say what each part of a process costs without an endpoint in the product:
// on SIGUSR2 this process writes its process.memoryUsage(), V8's heap figures and the size of each
// WebAssembly memory it made (PGlite's) to MEMORY_PROBE_DIR/<pid>.json. Does nothing without
// MEMORY_PROBE_DIR.
'use strict';
const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const { writeFileSync, renameSync } = require('node:fs');
  const { join } = require('node:path');
  const v8 = require('node:v8');
  const memories = [];
  const Original = WebAssembly.Memory;
  // Weak references: the probe must not keep a closed database's memory alive.
  WebAssembly.Memory = new Proxy(Original, {
    construct(target, args, newTarget) {
      const memory = Reflect.construct(target, args, newTarget);
      memories.push(new WeakRef(memory));
      return memory;
    },
  });
  process.on('SIGUSR2', () => {
    const heap = v8.getHeapStatistics();
    const figures = {
      pid: process.pid,
      argv: process.argv.slice(1),
      memoryUsage: process.memoryUsage(),
      heap: { total: heap.total_heap_size, used: heap.used_heap_size, malloced: heap.malloced_memory, external: heap.external_memory },
      wasmMemories: memories.map((ref) => ref.deref()?.buffer.byteLength).filter((bytes) => bytes !== undefined),
    };
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
  });
}
