import Spreads
