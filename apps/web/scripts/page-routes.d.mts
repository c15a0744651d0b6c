import type { Plugin } from 'vite';

export function pageRoutes(routesFile: string): string[];
export function pageRoutesPlugin(): Plugin;
