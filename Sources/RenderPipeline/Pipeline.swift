import Primitives
import SessionFormat
// TODO(me): the whole pipeline
public enum PipelinePlaceholder {}
