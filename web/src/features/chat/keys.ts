// Where the chat widget keeps its state between pages and reloads. Apart from the store,
// so that the boot script can read them without loading the widget.

/** localStorage key of the conversation id, so it survives reloads. */
export const SESSION_KEY = 'dota-chat-session';
/** sessionStorage key remembering that the panel was open. */
export const OPEN_KEY = 'dota-chat-open';
