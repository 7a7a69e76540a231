// The page's entry (index.html loads only this): each part registers its message handlers and hooks
// as it is imported, then the page connects, so that no message arrives before its handler.
import "./sessions.js";
import "./frames.js";
import "./hover.js";
import "./timeline.js";
import "./a11y.js";
import "./groups.js";
import "./live.js";  // an empty module unless the server runs an app (--app)
import { sendView } from "./sessions.js";
import { connect } from "./socket.js";
import { state } from "./state.js";

connect(() => { if (state.view) sendView(); });
