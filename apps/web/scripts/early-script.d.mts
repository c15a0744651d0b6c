import type { Plugin } from 'vite';

export function earlyScriptPlugin(): Plugin;
