/**
 * The HTML elements every rich text of the product keeps (post bodies, mails): text structure,
 * emphasis, lists, quotes, code and links. Each use adds its own (images in posts, layout
 * containers in mails) and its own attributes; sanitize-html drops everything else.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'h2', 'h3', 'h4', 'hr']
