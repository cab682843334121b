import BookModel
import CZip
import XMLShim
import CCmark
import CYAML
import Foundation
