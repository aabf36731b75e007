import type { DehydratedState } from '@tanstack/react-query'
import { createContext, useState, type ReactNode } from 'react'

/** What the server rendered a signed-in page from (src/server/pages): the browser hydrates from the same. */
export type ServerState = {
  /** The query cache the screen was rendered from: the profile and the progress. */
  queries: DehydratedState
  /** Whether the side menu was expanded (its cookie), so that the first render matches the HTML. */
  isSidebarExpanded: boolean
}

export const SERVER_STATE_ELEMENT_ID = 'server-state'

/** The state the server embedded in the page, if it rendered it. */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent
  return text ? (JSON.parse(text) as ServerState) : null
}

/** JSON that can sit inside a <script> element: no value can close it or open a comment. */
export const serializeServerState = (state: ServerState): string => JSON.stringify(state).replace(/</g, '\\u003c')

/**
 * The server's state, for the first render of the providers that start from it. They remount later
 * (after a visit to a public page), and by then the page's data may be stale or someone else's:
 * the first to mount empties it. Emptied in place, because a new context value would render the
 * whole app a second time, right after hydrating it.
 */
export class ServerStateSlot {
  #state: ServerState | null
  constructor(state: ServerState | null) {
    this.#state = state
  }
  get state(): ServerState | null {
    return this.#state
  }
  empty() {
    this.#state = null
  }
}

export const ServerStateContext = createContext(new ServerStateSlot(null))

export function ServerStateProvider({ state, children }: { state: ServerState | null; children: ReactNode }) {
  const [slot] = useState(() => new ServerStateSlot(state))
  return <ServerStateContext value={slot}>{children}</ServerStateContext>
}
