// hls.js's light build (no subtitles, alternate audio or DRM: captions are the page's own <track>
// elements) has the full build's API; the package ships no types of its own for it.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
