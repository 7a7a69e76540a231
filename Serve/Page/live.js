// The live mode (`render serve --app`), imported by main.js: the app's controls, then the picture's
// pointer, then the action bar's buttons and the rebuild's state (each needs the one before). The server serves this file
// only when it runs an app; without one, /live.js is an empty module and the page is the plain page.
import "./live-controls.js";
import "./live-gestures.js";
import "./live-action-bar.js";
import "./live-rebuild.js";
