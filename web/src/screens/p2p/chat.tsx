/**
 * The order's chat (docs/p2p.md "Decisions", "Chat"): the parties' messages and files and the
 * exchange's system message at every transition, oldest first, live from the P2P stream. Writing is
 * open from ACCEPTED while the deal runs. Files are JPEG, PNG or PDF up to 5 MiB, sent as multipart
 * with the session cookie and downloaded with it. Everything the other party wrote — the text and
 * the file names — is shown as text.
 */
import {useEffect, useRef, useState} from 'preact/hooks'
import {messageOf} from '../../api/client'
import {FILE_TYPES, MAX_FILE_BYTES, sendFile, sendText, type Message, type P2POrder} from '../../api/p2p'
import {Alert} from '../../components/alert'
import {bytes, CHAT_OPEN, when} from './words'

type Props = {order: P2POrder; me: string; other: string; messages: Message[]; sent: (message: Message) => void}

export function Chat({order, me, other, messages, sent}: Props) {
  const [text, setText] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState<null | 'text' | 'file'>(null)
  const log = useRef<HTMLDivElement>(null)
  const open = CHAT_OPEN.has(order.status)

  useEffect(() => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
  }, [messages.length])

  const post = async () => {
    if (!text.trim()) return
    setFailure(null)
    setBusy('text')
    try {
      sent(await sendText(order.id, text))
      setText('')
    } catch (error) {
      setFailure(messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  const attach = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    if (!file) return
    setFailure(null)
    if (file.size > MAX_FILE_BYTES) {
      setFailure(`${file.name} is larger than 5 MiB.`)
    } else if (file.type && !(FILE_TYPES as readonly string[]).includes(file.type)) {
      setFailure(`${file.name} is not a JPEG, PNG or PDF file.`)
    } else {
      setBusy('file')
      try {
        sent(await sendFile(order.id, file))
      } catch (error) {
        setFailure(messageOf(error))
      } finally {
        setBusy(null)
      }
    }
    input.value = ''
  }

  const sender = (message: Message) => (message.sender === me ? 'You' : message.sender === 'system' ? 'Exchange' : other)

  return (
    <section class="panel chat order-chat" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat with {other}</h2>
      <div class="messages" role="log" aria-label="Messages" ref={log} tabIndex={0}>
        {messages.length === 0 ? <p class="notice">No messages yet.</p> : null}
        {messages.map((message) => (
          <div key={message.id} class={`msg ${message.kind === 'system' ? 'system' : message.sender === me ? 'mine' : 'theirs'}`}>
            <div class="meta">
              <span>{sender(message)}</span> <time dateTime={message.created_at}>{when(message.created_at)}</time>
            </div>
            {message.kind === 'file' && message.file ? (
              <div class="file">
                {message.file.type !== 'application/pdf' ? <img src={message.file.url} alt="" loading="lazy" /> : null}
                <a href={message.file.url} download={message.file.name}>
                  {message.file.name}
                </a>{' '}
                <span class="muted">
                  {message.file.type === 'application/pdf' ? 'PDF' : message.file.type === 'image/png' ? 'PNG' : 'JPEG'},{' '}
                  {bytes(message.file.size)}
                </span>
              </div>
            ) : (
              <p class="pre">{message.text}</p>
            )}
          </div>
        ))}
      </div>
      <Alert message={failure} />
      {open ? (
        <form
          class="composer"
          onSubmit={(event) => {
            event.preventDefault()
            void post()
          }}
        >
          <div class="field grow">
            <label for="chat-text">Message</label>
            <textarea
              id="chat-text"
              rows={2}
              maxLength={2000}
              value={text}
              onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault()
                  void post()
                }
              }}
            />
          </div>
          <div class="composer-buttons">
            <button type="submit" disabled={busy !== null || !text.trim()}>
              Send
            </button>
            <input
              id="chat-file"
              class="visually-hidden attach-input"
              type="file"
              accept={FILE_TYPES.join(',')}
              disabled={busy !== null}
              aria-describedby="chat-file-hint"
              onChange={(event) => void attach(event.target as HTMLInputElement)}
            />
            <label class="button quiet attach" for="chat-file">
              {busy === 'file' ? 'Uploading…' : 'Attach a file'}
            </label>
          </div>
          <small id="chat-file-hint" class="hint">
            Files: JPEG, PNG or PDF, up to 5 MiB.
          </small>
        </form>
      ) : (
        <p class="notice">
          {order.status === 'CREATED' ? 'The chat opens once the order is accepted.' : 'The chat is closed: the order has ended.'}
        </p>
      )}
    </section>
  )
}
