import type { HostedVideo } from './schema'
import { mediaUrl } from '../media'

/**
 * Where each video provider's player lives. The learner API sends each lesson's player address
 * (`embedUrl`), and the Content Security Policy lets frames come from these origins only
 * (src/server/middleware/security-headers.ts). The privacy-enhanced YouTube host sets no cookie
 * until the video plays.
 */
const players = {
  vimeo: (id: string) => `https://player.vimeo.com/video/${id}?autoplay=1`,
  youtube: (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
} satisfies Record<HostedVideo['provider'], (id: string) => string>

/** The player's address for a hosted lesson video, asked to play at once: the learner has just pressed play (docs/decisions/0012-video-facade.md). */
export const videoEmbedUrl = (video: HostedVideo): string => players[video.provider](encodeURIComponent(video.id))

/** Every origin a hosted lesson video's player may load from. */
export const videoPlayerOrigins: readonly string[] = Object.values(players).map((player) => new URL(player('x')).origin)

/** An uploaded video's file, its poster and its captions, as the learner's browser fetches them. */
export const uploadedVideoSources = (video: { mediaId: string; posterMediaId: string | null; captions: readonly { mediaId: string; language: string; label: string }[] }) => ({
  src: mediaUrl(video.mediaId),
  posterUrl: video.posterMediaId ? mediaUrl(video.posterMediaId) : null,
  captions: video.captions.map((track) => ({ src: mediaUrl(track.mediaId), language: track.language, label: track.label })),
})

/** YouTube's IFrame API, which the player loads (on play) to follow a YouTube video's position. */
export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api'

/** Every origin a lesson's player may load a script from (the IFrame API and the script it loads). */
export const videoPlayerScriptOrigins: readonly string[] = [new URL(YOUTUBE_IFRAME_API_URL).origin]

/**
 * The pages whose document may show a hosted lesson's player, and so the only ones whose Content
 * Security Policy admits Vimeo and YouTube (src/server/middleware/security-headers.ts): a module
 * page, and the course studio's module screen, whose preview is the same document as its editor.
 */
export const isVideoPlayerPage = (pathname: string): boolean =>
  /^\/module\/[1-9]\d*\/?$/.test(pathname) || /^\/admin\/course\/modules\/[A-Za-z0-9_-]{1,64}(\/preview)?\/?$/.test(pathname)
