// A worker of its own: node --test runs each file in a process of its own (worker.mjs).
import './worker.mjs';
