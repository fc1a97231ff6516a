/** A refusal or failure, as the API said it: an element of role `alert`, so a screen reader reads it at once. */
export function Alert({message}: {message: string | null | undefined}) {
  if (!message) return null
  return (
    <p role="alert" class="alert">
      {message}
    </p>
  )
}
