/// Placeholder until the paginator lands.
import BookModel

